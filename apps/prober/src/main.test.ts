import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { PROBER_KEY, removeDir, tempDataDir } from './test-support/e2e';
import { type FakeAgentApi, startFakeAgentApi } from './test-support/fake-agent-api';

/** The CLI as an operator runs it: a process, its exit code and its output. */

let api: FakeAgentApi;
let dataDir: string;

beforeEach(async () => {
  api = await startFakeAgentApi({ key: PROBER_KEY });
  dataDir = await tempDataDir();
});
afterEach(async () => {
  await api.stop();
  await removeDir(dataDir);
});

function runCli(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./main.ts', import.meta.url).pathname, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PAYDAR_PROBER_KEY: '', PAYDAR_SERVER_URL: '' },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

const waitForOutput = async (cli: ReturnType<typeof runCli>, text: string) => {
  for (let i = 0; i < 100 && !cli.output().includes(text); i++) await new Promise((r) => setTimeout(r, 50));
  expect(cli.output()).toContain(text);
};

it('exits 2 with the usage when a setting is missing', async () => {
  const cli = runCli(['--server', api.url]);
  expect(await cli.exited).toBe(2);
  expect(cli.output()).toContain('--key: is required');
  expect(cli.output()).toContain('Usage: npm run prober --');
});

it('exits 1 with a clear error when the server does not know the key', async () => {
  const cli = runCli(['--server', api.url, '--key', 'not-the-key', '--data-dir', dataDir]);
  expect(await cli.exited).toBe(1);
  expect(cli.output()).toContain('the server does not know this prober key (401: Unknown prober key.)');
});

it('stops on SIGTERM: releases the data dir and saves the buffer state', async () => {
  api.setMonitors([]);
  const cli = runCli(['--server', api.url, '--key', PROBER_KEY, '--data-dir', dataDir]);
  await waitForOutput(cli, 'assignments applied');
  expect(existsSync(join(dataDir, 'lock'))).toBe(true);
  (cli.child as ChildProcess).kill('SIGTERM');
  expect(await cli.exited).toBe(0);
  expect(cli.output()).toContain('"reason":"SIGTERM"');
  expect(existsSync(join(dataDir, 'lock'))).toBe(false);
  expect(existsSync(join(dataDir, 'results', 'state.json'))).toBe(true);
  expect(existsSync(join(dataDir, 'assignments.json'))).toBe(true);
});
