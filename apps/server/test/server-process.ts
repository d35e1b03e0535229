import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const main = path.resolve(import.meta.dirname, '../src/main.ts');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/** Starts `src/main.ts` as a real process (as `npm start` does) and waits until /healthz answers. */
export async function startServerProcess(environment: Record<string, string>): Promise<ServerProcess> {
  const port = environment.PORT as string;
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  // One process, not tsx's wrapper and a child: signals (SIGKILL too) must hit the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: repositoryRoot,
    env: { ...process.env, LOG_LEVEL: 'info', HOST: '127.0.0.1', WEB_DIST_DIR: 'off', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start-up:\n${output}`);
    const ok = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`server not healthy within 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, child, output: () => output, exited };
}
