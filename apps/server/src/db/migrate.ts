import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { serverRoot } from '../server-root';

export const migrationsFolder = path.join(serverRoot, 'src', 'db', 'migrations');

/** Arbitrary but fixed: every replica takes the same lock, so only one migrates at a time. */
const MIGRATION_LOCK_ID = 7_231_905_514;

/** Applies the committed migrations under a session advisory lock so replicas starting together do not race. */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}
