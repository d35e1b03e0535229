import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { LOADED_WAIT_MS } from './loaded-machine';
import { serverDataDir } from './server-data-dir';
import { endTestProcess, spawnTestProcess } from './test-processes';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const serverDirectory = path.resolve(import.meta.dirname, '..');

/**
 * The node arguments of `npm start` — apps/server/package.json "start" is
 * `tsx scripts/bundle.ts && exec node <args> dist/main.js` — so tests and benchmarks run the
 * server exactly as production does. The bundle is made once before them (bundle.global-setup.ts,
 * e2e's global setup, bench/run.ts), not at every start.
 */
export function startArguments(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(serverDirectory, 'package.json'), 'utf8'));
  const last = (manifest.scripts.start as string).split('&&').at(-1) ?? '';
  const [command, ...args] = last
    .trim()
    .replace(/^exec\s+/, '')
    .split(/\s+/);
  if (command !== 'node') throw new Error(`apps/server's start script no longer ends by running node: ${command}`);
  return args.map((arg) => (/\.[jt]s$/.test(arg) ? path.join(serverDirectory, arg) : arg));
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /**
   * Kills the server's process group and the embedded PostgreSQL it started (SIGKILL), and waits
   * until they are gone: for a `finally`, after a test that may have failed before it stopped it.
   */
  end(): Promise<void>;
}

/**
 * Starts the server as a real process (as `npm start` does) and waits until /healthz answers.
 * `nodeArguments` go before the start script's (a benchmark's `--cpu-prof`, which NODE_OPTIONS refuses).
 */
export async function startServerProcess(
  environment: Record<string, string>,
  nodeArguments: string[] = [],
): Promise<ServerProcess> {
  const port = environment.PORT as string;
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  // One process, not tsx's wrapper and a child: signals (SIGKILL too) must hit the server itself.
  // In a process group of its own, tagged: ended with all it started however the test ends.
  const child = spawnTestProcess(process.execPath, [...nodeArguments, ...startArguments()], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      WEB_DIST_DIR: 'off',
      DATA_DIR: environment.DATA_DIR ?? serverDataDir(environment.DATABASE_URL),
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const end = () => endTestProcess(child);
  // Start-up may create a cluster and migrate: on a loaded machine it takes a while.
  const deadline = Date.now() + LOADED_WAIT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      // Whatever it started before it failed (an embedded PostgreSQL) goes with it.
      await end();
      throw new Error(`server exited during start-up:\n${output}`);
    }
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(10_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      // Not left running behind a failed test or benchmark, nor its PostgreSQL.
      await end();
      throw new Error(`server not healthy within ${LOADED_WAIT_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, child, output: () => output, exited, end };
}
