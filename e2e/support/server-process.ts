import path from 'node:path';
import { endTestProcess, spawnTestProcess } from '../../apps/server/test/test-processes';

export const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(repositoryRoot, 'node_modules/.bin/tsx');

/**
 * Runs the real server (`apps/server/src/main.ts`) as its own process and waits for /healthz. It
 * runs in a process group of its own, tagged for the run (apps/server/test/test-processes.ts): a
 * failed start or the stop ends it with all it started (tsx's child, an embedded PostgreSQL), and
 * `npm test`'s last step names and kills whatever a killed runner left.
 */
export async function startServerProcess(
  environment: Record<string, string>,
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = environment.PORT ?? '3900';
  const url = `http://127.0.0.1:${port}`;
  const child = spawnTestProcess(tsx, [path.join(repositoryRoot, 'apps/server/src/main.ts')], {
    env: { ...process.env, ...environment, PORT: port },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A loaded machine compiles the server with tsx slowly: minutes, not seconds (issue 26).
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
      throw new Error('the server did not become healthy within 180 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      // What outlived tsx's wrapper (the server it runs, its PostgreSQL) goes with the group.
      await endTestProcess(child);
    },
  };
}
