import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './migrate';

const run = promisify(execFile);
const serverRoot = path.resolve(import.meta.dirname, '../..');

describe('the committed migrations', () => {
  it('match the drizzle schema (run `npm run db:generate -w @paydar/server` after changing it)', async () => {
    const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'paydar-migrations-'));
    try {
      await fs.cp(migrationsFolder, scratch, { recursive: true });
      const before = (await fs.readdir(scratch)).sort();
      const config = path.join(scratch, 'drizzle.config.mjs');
      await fs.writeFile(
        config,
        `export default ${JSON.stringify({ dialect: 'postgresql', schema: path.join(serverRoot, 'src/db/schema/index.ts'), out: path.relative(serverRoot, scratch) })};\n`,
      );
      const drizzleKit = path.resolve(serverRoot, '../../node_modules/.bin/drizzle-kit');
      // drizzle-kit reads `out` relative to the working directory only.
      const { stdout } = await run(drizzleKit, ['generate', '--config', config], { cwd: serverRoot });
      const after = (await fs.readdir(scratch)).filter((name) => name !== 'drizzle.config.mjs').sort();
      expect(after, `drizzle-kit would write a new migration:\n${stdout}`).toEqual(before);
      // drizzle-kit exits 0 even when it cannot read the folder: insist on its own verdict too.
      expect(stdout).toContain('No schema changes');
    } finally {
      await fs.rm(scratch, { recursive: true, force: true });
    }
  });
});
