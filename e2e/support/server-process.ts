import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(repositoryRoot, 'node_modules/.bin/tsx');

/** Runs the real server (`apps/server/src/main.ts`) as its own process and waits for /healthz. */
export async function startServerProcess(
  environment: Record<string, string>,
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = environment.PORT ?? '3900';
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(tsx, [path.join(repositoryRoot, 'apps/server/src/main.ts')], {
    env: { ...process.env, ...environment, PORT: port },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} during start-up`);
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error('the server did not become healthy within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
