import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, poolOf } from './client';

/** A database that has not answered in this long counts as down: an unreachable host would hang. */
const TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('no answer from the database')), TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function freshConnectionAnswers(options: pg.PoolConfig): Promise<boolean> {
  const client = new pg.Client({ ...options, connectionTimeoutMillis: TIMEOUT_MS });
  client.on('error', () => undefined);
  try {
    await withTimeout(client.connect().then(() => client.query('SELECT 1')));
    return true;
  } catch {
    return false;
  } finally {
    void client.end().catch(() => undefined);
  }
}

/**
 * Whether PostgreSQL answers now. A pooled connection may have been cut a moment ago (PostgreSQL
 * restarted, its backends terminated) without the pool knowing yet, and every idle one with it:
 * when the pool's answer fails, a connection of its own decides, so only a database that cannot
 * be reached counts as down.
 */
export async function databaseAnswers(db: Database): Promise<boolean> {
  try {
    await withTimeout(db.execute(sql`SELECT 1`));
    return true;
  } catch {
    return freshConnectionAnswers(poolOf(db).options);
  }
}
