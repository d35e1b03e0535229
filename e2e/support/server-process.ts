import path from 'node:path';
import { bundleServer } from '../../apps/server/scripts/bundle';
import { startArguments } from '../../apps/server/test/server-process';
import { endTestProcess, spawnTestProcess } from '../../apps/server/test/test-processes';

export const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Runs the real server as `npm start` does — bundled from the source under test
 * (apps/server/scripts/bundle.ts), with the start script's node arguments — as its own process,
 * and waits for /healthz. It runs in a process group of its own, tagged for the run
 * (apps/server/test/test-processes.ts): a failed start or the stop ends it with all it started
 * (an embedded PostgreSQL), and `npm test`'s last step names and kills whatever a killed runner left.
 */
export async function startServerProcess(
  environment: Record<string, string>,
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = environment.PORT ?? '3900';
  const url = `http://127.0.0.1:${port}`;
  await bundleServer();
  const child = spawnTestProcess(process.execPath, startArguments(), {
    cwd: repositoryRoot,
    env: { ...process.env, ...environment, PORT: port },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A loaded machine starts the server slowly (a cluster, migrations): minutes, not seconds (issue 26).
  const deadline = Date.now() + 360_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await endTestProcess(child);
      throw new Error(`the server exited with code ${child.exitCode} during start-up`);
    }
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      await endTestProcess(child);
      throw new Error('the server did not become healthy within 360 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      // What outlived the server (its PostgreSQL, when it could not stop it) goes with the group.
      await endTestProcess(child);
    },
  };
}
