import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Runtime } from '../../apps/server/src/runtime';
import { freePort } from '../../apps/server/test/free-port';
import { type ServerProcess, startServerProcess } from '../../apps/server/test/server-process';
import { postgresCpuSeconds, processUsage } from './cpu';

/** The name of a database, as PostgreSQL's process titles show it. */
export const databaseNameOf = (url: string) => new URL(url).pathname.slice(1);

/** The name of the benchmark's database. */
export const databaseOf = (runtime: Runtime) => databaseNameOf(runtime.context.config.DATABASE_URL ?? '');

/**
 * Runs `work` beside a real server process (as `npm start` runs it) with its built-in prober on
 * the benchmark's database, then stops it. `cpuNow` reads the CPU seconds of the server and of its
 * PostgreSQL backends; `nodeArguments` go before the start script's (`--cpu-prof`).
 */
export function withServer<T>(
  runtime: Runtime,
  work: (server: ServerProcess, cpuNow: () => number) => Promise<T>,
  nodeArguments: string[] = [],
) {
  return withServerOn(runtime.context.config.DATABASE_URL ?? '', work, { nodeArguments });
}

/**
 * The same on the database at `databaseUrl` (one of its own: the idle benchmark's with the demo),
 * with `environment` over the defaults (the demo off, private targets allowed).
 */
export async function withServerOn<T>(
  databaseUrl: string,
  work: (server: ServerProcess, cpuNow: () => number) => Promise<T>,
  options: { nodeArguments?: string[]; environment?: Record<string, string> } = {},
) {
  // The built-in prober keeps its result buffer under DATA_DIR: the benchmark's own.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'paydar-bench-'));
  const server = await startServerProcess(
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      ALLOW_PRIVATE_TARGETS: 'true',
      BUILTIN_PROBER_ENABLED: 'true',
      // No demo account's minute job in the measured process, unless asked for.
      DEMO_DATA_ENABLED: 'false',
      ...options.environment,
    },
    options.nodeArguments ?? [],
  );
  const pid = server.child.pid as number;
  const database = databaseNameOf(databaseUrl);
  const cpuNow = () => processUsage(pid).cpuSeconds + postgresCpuSeconds(database);
  try {
    return await work(server, cpuNow);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}
