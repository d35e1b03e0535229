import pg from 'pg';
import { inject } from 'vitest';
import { runMigrations } from '../src/db/migrate';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database';

/** A fresh, migrated database of its own for one test file; dropped by `drop()`. */
export async function createTestDatabase(): Promise<ScratchDatabase> {
  const database = await createScratchDatabase(inject('postgresServerUrl'), 'paydar_test');
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  await runMigrations(pool);
  await pool.end();
  return database;
}
