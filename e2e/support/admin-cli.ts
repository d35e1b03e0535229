import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { repositoryRoot } from './server-process';

const run = promisify(execFile);

/** Runs `npm run admin -- …` against the e2e server's database, as an operator would. */
export async function admin(...args: string[]): Promise<string> {
  const environment = JSON.parse(process.env.E2E_SERVER_ENV ?? '{}') as Record<string, string>;
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', path.join(repositoryRoot, 'apps/server/src/admin/cli.ts'), ...args],
    {
      cwd: repositoryRoot,
      env: { ...process.env, ...environment },
    },
  );
  return stdout.trim();
}
