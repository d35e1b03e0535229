import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../test/database-recovery';
import { freePort } from '../../test/free-port';
import { processTable } from '../../test/process-tree';
import { startArguments } from '../../test/server-process';
import { spawnTestProcess } from '../../test/test-processes';

/**
 * The embedded PostgreSQL killed (SIGKILL of the postmaster) at points of a fresh start-up: as
 * the migrations begin, right after the server listens, and 5 s after /healthz first answers while
 * the demo's history is being written (issue 37: there a pooled client with no error listener
 * ended the server, and the PostgreSQL its supervisor had just restarted ran on with no server).
 * Each time the server must come back healthy, and once it is killed itself with SIGKILL —
 * nothing of it left to stop anything — no PostgreSQL of its DATA_DIR may be left running.
 */
const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');
const dataDirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dataDirs) await fsp.rm(dir, { recursive: true, force: true });
});

const healthOf = (url: string) =>
  fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) }).then(
    (response) => response.status,
    () => 0,
  );

/** The processes whose command line names `dataDir`: the postmaster, its backends, its watchdog. */
const postgresOf = (dataDir: string) =>
  processTable().filter((entry) => entry.args.includes(dataDir) && !entry.args.includes('ps -eo'));

type KillPoint = 'migrations' | 'listen' | 'demo seed';

async function killDuring(point: KillPoint): Promise<void> {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'paydar-startup-kill-'));
  dataDirs.push(dataDir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  // Tagged and in a group of its own (test/test-processes.ts): whatever this test leaves, the file's
  // end and the run's leftover check find it.
  const child = spawnTestProcess(process.execPath, startArguments(), {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      WEB_DIST_DIR: 'off',
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      DEMO_DATA_ENABLED: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const said = (text: string) => async () => output.includes(text);
  /** waitUntil, with what the server said when it fails. */
  const step = (what: string, probe: () => Promise<boolean>, timeoutMs: number) =>
    waitUntil(what, probe, timeoutMs).catch((error: Error) => {
      throw new Error(`${error.message}; the server ${running() ? 'runs' : 'exited'}:\n${output.slice(-4000)}`);
    });
  const postmasterPid = () =>
    Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

  try {
    if (point === 'migrations') {
      await step('the embedded PostgreSQL is up', said('embedded PostgreSQL is ready'), 120_000);
    } else if (point === 'listen') {
      await step('the server listens', said(' is up at '), 120_000);
    } else {
      await waitUntil(
        '/healthz answers',
        async () => (await said(' is up at ')()) && (await healthOf(url)) === 200,
        120_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    }
    const killed = postmasterPid();
    process.kill(killed, 'SIGKILL');

    await step(
      'the server is healthy again on a new postmaster',
      async () => {
        return (await healthOf(url)) === 200 && postmasterPid() !== killed;
      },
      120_000,
    );
    expect(output).not.toMatch(/Unhandled 'error' event/);
    expect(running()).toBe(true);
  } finally {
    // However the server ends — here the one way that leaves it no chance to stop anything.
    if (running()) child.kill('SIGKILL');
    await exited;
  }
  await waitUntil(
    'no PostgreSQL of the killed server is left',
    async () => postgresOf(dataDir).length === 0,
    60_000,
  ).catch(() => {
    throw new Error(
      `still running:\n${postgresOf(dataDir)
        .map((entry) => `${entry.pid} ${entry.args}`)
        .join('\n')}`,
    );
  });
}

describe('the embedded PostgreSQL killed during start-up', () => {
  it.each<KillPoint>(['migrations', 'listen', 'demo seed'])(
    'as %s: the server recovers, and no PostgreSQL outlives the server killed with SIGKILL',
    (point) => killDuring(point),
    400_000,
  );
});
