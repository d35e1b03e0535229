import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port';
import { startEmbeddedPostgres } from './embedded';
import { RELOCATED_CLUSTERS_DIRECTORY } from './embedded-home';

/**
 * Run as root (a fresh machine, a container), PostgreSQL runs as the postgres user, who must
 * reach its cluster. A clone in /root or in a `mktemp -d` directory (mode 0700) is out of its
 * reach: the cluster then lives under /var/lib/paydar, and the closed directory stays closed.
 */
const asRoot = process.getuid?.() === 0;
const created: string[] = [];
afterEach(async () => {
  for (const directory of created.splice(0)) await fs.rm(directory, { recursive: true, force: true });
  // Only when nothing else lives there (rmdir refuses a directory that is not empty).
  await fs.rmdir(RELOCATED_CLUSTERS_DIRECTORY).catch(() => undefined);
});

async function closedDataDir(): Promise<string> {
  const closed = await fs.mkdtemp(path.join(os.tmpdir(), 'paydar-closed-'));
  created.push(closed);
  expect((await fs.stat(closed)).mode & 0o777).toBe(0o700);
  return path.join(closed, 'data');
}
const homeOf = (dataDir: string) =>
  path.join(RELOCATED_CLUSTERS_DIRECTORY, createHash('sha256').update(dataDir).digest('hex').slice(0, 16));

describe.runIf(asRoot)(
  'the embedded PostgreSQL of a root process under a directory the postgres user cannot enter',
  () => {
    it('starts, with its cluster under /var/lib/paydar, and leaves the closed directory closed', async () => {
      const dataDir = await closedDataDir();
      const home = homeOf(path.join(await fs.realpath(path.dirname(dataDir)), 'data'));
      created.push(home);
      const embedded = await startEmbeddedPostgres({
        dataDir,
        port: await freePort(),
        logger: pino({ level: 'silent' }),
      });
      try {
        const client = new pg.Client({ connectionString: embedded.url });
        await client.connect();
        const { rows } = await client.query<{ answer: number }>('SELECT 1 AS answer');
        await client.end();
        expect(rows).toEqual([{ answer: 1 }]);
      } finally {
        await embedded.stop();
      }
      await expect(fs.stat(path.join(home, 'postgres', 'PG_VERSION'))).resolves.toBeTruthy();
      expect((await fs.stat(RELOCATED_CLUSTERS_DIRECTORY)).mode & 0o777).toBe(0o711);
      expect((await fs.stat(path.join(home, 'postgres-password'))).mode & 0o777).toBe(0o600);
      expect(await fs.readdir(dataDir)).toEqual([]);
      expect((await fs.stat(path.dirname(dataDir))).mode & 0o777).toBe(0o700);
    }, 120_000);

    it('refuses, saying what to do, when the cluster it cannot reach is already in DATA_DIR', async () => {
      const dataDir = await closedDataDir();
      await fs.mkdir(path.join(dataDir, 'postgres'), { recursive: true });
      await fs.writeFile(path.join(dataDir, 'postgres', 'PG_VERSION'), '18\n');
      await expect(
        startEmbeddedPostgres({ dataDir, port: await freePort(), logger: pino({ level: 'silent' }) }),
      ).rejects.toThrow(/postgres user cannot enter .*\(chmod o\+x\)/);
    });
  },
);
