import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Runtime } from '../../apps/server/src/runtime';
import { freePort } from '../../apps/server/test/free-port';
import { type ServerProcess, startServerProcess } from '../../apps/server/test/server-process';
import { postgresCpuSeconds, processUsage } from './cpu';

/** The name of the benchmark's database, as PostgreSQL's process titles show it. */
export const databaseOf = (runtime: Runtime) => new URL(runtime.context.config.DATABASE_URL ?? '').pathname.slice(1);

/**
 * Runs `work` beside a real server process (as `npm start` runs it) with its built-in prober on
 * the benchmark's database, then stops it. `cpuNow` reads the CPU seconds of the server and of its
 * PostgreSQL backends; `nodeArguments` go before the start script's (`--cpu-prof`).
 */
export async function withServer<T>(
  runtime: Runtime,
  work: (server: ServerProcess, cpuNow: () => number) => Promise<T>,
  nodeArguments: string[] = [],
) {
  // The built-in prober keeps its result buffer under DATA_DIR: the benchmark's own.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'paydar-bench-'));
  const server = await startServerProcess(
    {
      DATABASE_URL: runtime.context.config.DATABASE_URL ?? '',
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      ALLOW_PRIVATE_TARGETS: 'true',
      BUILTIN_PROBER_ENABLED: 'true',
      // No demo account's minute job in the measured process.
      DEMO_DATA_ENABLED: 'false',
    },
    nodeArguments,
  );
  const pid = server.child.pid as number;
  const cpuNow = () => processUsage(pid).cpuSeconds + postgresCpuSeconds(databaseOf(runtime));
  try {
    return await work(server, cpuNow);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}
