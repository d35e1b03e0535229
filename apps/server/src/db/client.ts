import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index';
import { watchWrites } from './write-watch';

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  /** Calls `listener` after every statement of this pool that may have committed a write (write-watch.ts). */
  onWrite(listener: () => void): void;
  close(): Promise<void>;
}

/** A request waits this long for a new connection before it fails, rather than for as long as TCP tries. */
const CONNECTION_TIMEOUT_MS = 10_000;

/**
 * An idle connection is kept this long before the pool closes it. pg's default (10 s) is shorter
 * than the engine's quiet gaps, so an idle server opened a new PostgreSQL connection, with its
 * backend start and authentication, every few seconds (issue 35: idle CPU).
 */
export const IDLE_CONNECTION_MS = 60_000;

/**
 * The pool opens connections as queries need them, so it comes back by itself after PostgreSQL
 * does: a connection that was lost is dropped (on its error, or when its query fails) and the
 * next query opens a new one.
 */
export function connectDatabase(url: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor a client checked out of the pool (a transaction, the migrations, the demo seed): pg-pool
  // takes its own error listener off while a client is lent, and a connection lost between two of
  // its statements (PostgreSQL killed) was an unhandled 'error' event that ended the server
  // (issue 37). The statement under way, or the next one, fails with the error instead, and the
  // client, no longer queryable, is dropped when released.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  // Watched from the pool's first connection on, so no connection escapes it.
  const writeListeners: Array<() => void> = [];
  watchWrites(pool, () => {
    for (const listener of writeListeners) listener();
  });
  const db = drizzle(pool, { schema });
  return { db, pool, onWrite: (listener) => void writeListeners.push(listener), close: () => pool.end() };
}

/** The pool behind `db`: a connection of its own (LISTEN, a session lock, a health probe) takes its settings. */
export function poolOf(db: Database): pg.Pool {
  return (db as unknown as { $client: pg.Pool }).$client;
}
