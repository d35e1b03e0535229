import { type FSWatcher, readFileSync, statSync, watch } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port';
import { startEmbeddedPostgres } from './embedded';

/** Every file that appears in `directories` while `run` runs, with its mode and content when seen. */
async function filesSeenDuring(directories: string[], run: () => Promise<void>) {
  const seen: Array<{ file: string; mode: number; content: string }> = [];
  const watchers: FSWatcher[] = directories.map((directory) =>
    watch(directory, (_event, name) => {
      if (!name) return;
      const file = path.join(directory, name);
      try {
        const stat = statSync(file);
        if (stat.isFile()) seen.push({ file, mode: stat.mode & 0o777, content: readFileSync(file, 'utf8') });
      } catch {
        // Gone again already: nothing to read.
      }
    }),
  );
  try {
    await run();
  } finally {
    for (const watcher of watchers) watcher.close();
  }
  return seen;
}

describe('the embedded PostgreSQL on its first start', () => {
  const directories: string[] = [];
  const previousTmpdir = process.env.TMPDIR;
  afterEach(async () => {
    process.env.TMPDIR = previousTmpdir;
    for (const directory of directories.splice(0)) await fs.rm(directory, { recursive: true, force: true });
  });

  it('gives initdb the password in a file only its owner reads, inside DATA_DIR, removed afterwards', async () => {
    const tmpdir = await fs.mkdtemp(path.join(os.tmpdir(), 'paydar-tmpdir-'));
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'paydar-initdb-'));
    directories.push(tmpdir, dataDir);
    await fs.chmod(tmpdir, 0o1777);
    // Like /tmp, where anyone on the machine can open what is not protected: nothing secret goes there.
    process.env.TMPDIR = tmpdir;

    const seen = await filesSeenDuring([tmpdir, dataDir], async () => {
      const embedded = await startEmbeddedPostgres({
        dataDir,
        port: await freePort(),
        logger: pino({ level: 'silent' }),
      });
      await embedded.stop();
    });

    const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
    const holdingPassword = seen.filter((entry) => entry.content.includes(password));
    expect(holdingPassword.length).toBeGreaterThan(0);
    for (const entry of holdingPassword) {
      expect(entry.mode & 0o077, `${entry.file} is readable by others`).toBe(0);
      expect(entry.file.startsWith(`${dataDir}${path.sep}`), `${entry.file} is outside DATA_DIR`).toBe(true);
    }
    expect(await fs.readdir(tmpdir)).toEqual([]);
    expect((await fs.readdir(dataDir)).sort()).toEqual(['postgres', 'postgres-password']);
  });
});
