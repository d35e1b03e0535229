import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from 'pino';

const run = promisify(execFile);

/** Root-owned and 0711: the postgres user may pass through to its cluster but not list the others. */
export const RELOCATED_CLUSTERS_DIRECTORY = '/var/lib/paydar';

/** Whether `user` may enter `directory`, every directory above it included (access(2) as that user). */
export async function canEnter(directory: string, user: { uid: number; gid: number }): Promise<boolean> {
  return run('test', ['-x', directory], user).then(
    () => true,
    () => false,
  );
}

/** Creates /var/lib/paydar, root's and 0711, whatever the umask. */
export async function ensureRelocationDirectory(): Promise<void> {
  await fs.mkdir(RELOCATED_CLUSTERS_DIRECTORY, { recursive: true, mode: 0o711 });
  await fs.chmod(RELOCATED_CLUSTERS_DIRECTORY, 0o711);
}

/**
 * Where the embedded cluster, its password file and owner.pid live: DATA_DIR itself, unless we
 * run as root and the postgres user PostgreSQL runs as cannot reach DATA_DIR (a clone in /root,
 * a `mktemp -d` directory: mode 0700). Opening those parents to everyone would expose whatever
 * else they hold, so the cluster goes to /var/lib/paydar/<hash of DATA_DIR> instead, the same
 * directory at every start; the rest of DATA_DIR stays where it is. A cluster already in DATA_DIR
 * is never left behind for an empty new one: that is refused with what to do.
 */
export async function embeddedClusterHome(
  dataDir: string,
  owner: { uid: number; gid: number } | undefined,
  logger: Logger,
): Promise<string> {
  if (!owner) return dataDir;
  const resolved = await fs.realpath(dataDir);
  if (await canEnter(path.dirname(resolved), owner)) return dataDir;
  const existing = path.join(dataDir, 'postgres', 'PG_VERSION');
  if (
    await fs.stat(existing).then(
      () => true,
      () => false,
    )
  ) {
    throw new Error(
      `The postgres user cannot enter ${resolved}, which holds the embedded cluster: make the directories above it enterable (chmod o+x), or move DATA_DIR.`,
    );
  }
  const home = path.join(
    RELOCATED_CLUSTERS_DIRECTORY,
    createHash('sha256').update(resolved).digest('hex').slice(0, 16),
  );
  await ensureRelocationDirectory();
  await fs.mkdir(home, { recursive: true, mode: 0o700 });
  logger.info(
    { dataDir: resolved, clusterDirectory: home },
    'the postgres user cannot enter DATA_DIR, so the embedded PostgreSQL keeps its cluster here',
  );
  return home;
}
