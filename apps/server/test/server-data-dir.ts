import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testRunId } from './test-processes';

/** The run's directory of server data directories, removed at the run's end (global-setup.ts). */
export const serverDataRoot = () => path.join(os.tmpdir(), `paydar-test-data-${testRunId()}`);

const made = new Set<string>();
let removesOnExit = false;

/**
 * Where a server process started without DATA_DIR keeps its files (the built-in prober's buffer):
 * one directory per database, so a test's restarts of its server (or its replicas) find theirs,
 * and two test files' servers never share one. They all used the repository's `data/` — a
 * developer's own — and two files running at once with the built-in prober had one refused ("the
 * directory … is in use by process …"), its checks never made. Without a database (an embedded
 * PostgreSQL) each start gets a new one: a test that restarts one names its DATA_DIR itself.
 * Removed when this process exits, and with the run's root at its end.
 */
export function serverDataDir(databaseUrl: string | undefined): string {
  const name = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : `embedded-${randomUUID()}`;
  const dir = path.join(serverDataRoot(), name || 'postgres');
  fs.mkdirSync(dir, { recursive: true });
  made.add(dir);
  if (!removesOnExit) {
    removesOnExit = true;
    process.once('exit', () => {
      for (const each of made) fs.rmSync(each, { recursive: true, force: true });
    });
  }
  return dir;
}
