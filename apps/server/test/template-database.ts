import pg from 'pg';
import { runMigrations } from '../src/db/migrate';
import { createScratchDatabase, runOnServer, type ScratchDatabase } from './scratch-database';

/**
 * The run's template: a database migrated once (global-setup.ts) that each test file copies with
 * `CREATE DATABASE … TEMPLATE` — a file copy instead of running every migration again per file.
 * Only the migrations go in: what the server creates when it starts (pg-boss's schema and queues,
 * the seed) is still created by each file's own start, as in production. `migrate.test.ts` keeps
 * migrating a database from scratch.
 */
export async function createTemplateDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const template = await createScratchDatabase(serverUrl, 'paydar_template');
  try {
    const pool = new pg.Pool({ connectionString: template.url, max: 1 });
    try {
      await runMigrations(pool);
    } finally {
      await pool.end();
    }
    // A copy fails while anyone is connected to its template: refusing connections from now on
    // turns a stray one into a clear error here rather than every file's CREATE DATABASE failing.
    await runOnServer(serverUrl, `ALTER DATABASE "${template.name}" ALLOW_CONNECTIONS false`);
  } catch (error) {
    await template.drop();
    throw error;
  }
  return template;
}
