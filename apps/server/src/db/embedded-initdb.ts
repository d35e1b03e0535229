import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from 'pino';

const run = promisify(execFile);

/**
 * Creates the embedded cluster in `pgData` unless it exists, its superuser password from
 * `passwordFile`. initdb reads that file itself — the one DATA_DIR keeps, mode 0600 — so the
 * password is never copied anywhere, least of all to the world-readable temporary directory.
 * Run as root, PostgreSQL runs as `owner`, who may read the file only for the length of initdb.
 */
export async function initialiseCluster(options: {
  initdb: string;
  dataDir: string;
  pgData: string;
  passwordFile: string;
  owner: { uid: number; gid: number } | undefined;
  logger: Logger;
}): Promise<void> {
  const { dataDir, pgData, passwordFile, owner } = options;
  const initialised = await fs.stat(path.join(pgData, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (initialised) return;
  options.logger.info({ pgData }, 'initialising the embedded PostgreSQL cluster');
  await fs.mkdir(pgData, { recursive: true, mode: 0o700 });
  const ours = await fs.stat(passwordFile);
  if (owner) {
    // PostgreSQL must own its directory and be able to enter DATA_DIR.
    await fs.chown(dataDir, owner.uid, owner.gid);
    await fs.chown(pgData, owner.uid, owner.gid);
    await fs.chown(passwordFile, owner.uid, owner.gid);
  }
  try {
    await run(
      options.initdb,
      [`--pgdata=${pgData}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${passwordFile}`, '-E', 'UTF8'],
      { ...owner, env: { ...process.env, LC_ALL: 'C' } },
    );
  } catch (error) {
    const hint = owner ? ` (every directory above ${dataDir} must be enterable by the postgres user)` : '';
    throw new Error(`initdb failed${hint}: ${error instanceof Error ? error.message : error}`);
  } finally {
    if (owner) await fs.chown(passwordFile, ours.uid, ours.gid);
  }
}
