/**
 * `npm run dev`: the server with reload on :3000 and Vite's dev server on :5173 (open that one).
 * The browser talks to the API through Vite's proxy, so mails and the runtime config point at :5173.
 * Kavenegar, Telegram and a webhook target are loopback fakes (dev-fakes.ts) printing what they get.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { startDevFakes } from './dev-fakes';

const root = path.resolve(import.meta.dirname, '..');
const devUrl = 'http://localhost:5173';
const children: ChildProcess[] = [];

function start(command: string, args: string[], env: Record<string, string> = {}): void {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    console.log(`${args.join(' ')} exited with ${code}; stopping the rest`);
    stop();
  });
  children.push(child);
}

const fakes = await startDevFakes();

function stop(): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  void fakes.stop();
}

process.on('SIGINT', stop);
process.on('SIGTERM', stop);

start(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
  PUBLIC_URL: devUrl,
  DASHBOARD_URL: devUrl,
  WEB_DIST_DIR: 'off',
  NODE_ENV: 'development',
  ...fakes.environment,
});
start(path.join(root, 'node_modules/.bin/vite'), [
  '--config',
  'apps/web/vite.config.ts',
  'apps/web',
  '--port',
  '5173',
  '--strictPort',
]);
