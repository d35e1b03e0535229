import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder, runMigrations } from './migrate';

const serverUrl = inject('postgresServerUrl');
const name = `paydar_migrate_${randomBytes(6).toString('hex')}`;
let databaseUrl: string;

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await onServer((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
});
afterAll(() => onServer((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)));

async function journalLength(): Promise<number> {
  const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
  return journal.entries.length;
}

describe('runMigrations', () => {
  it('can be run by three replicas at once on a fresh database and applies each migration once', async () => {
    const pools = [1, 2, 3].map(() => new pg.Pool({ connectionString: databaseUrl, max: 2 }));
    try {
      const results = await Promise.allSettled(pools.map((pool) => runMigrations(pool)));
      expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
      ]);

      const [pool] = pools as [pg.Pool];
      const applied = await pool.query('SELECT hash FROM drizzle.__drizzle_migrations');
      expect(applied.rowCount).toBe(await journalLength());
      expect(applied.rowCount).toBeGreaterThan(0);

      const tables = await pool.query(
        "SELECT to_regclass('public.users') AS users, to_regclass('public.sessions') AS sessions, to_regclass('public.impersonation_tokens') AS impersonation",
      );
      expect(tables.rows[0]).toEqual({ users: 'users', sessions: 'sessions', impersonation: 'impersonation_tokens' });

      // The advisory lock is released: nothing is left holding it once all three are done.
      const locks = await pool.query(
        "SELECT count(*)::int AS held FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
      );
      expect(locks.rows[0].held).toBe(0);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it('does nothing when run again on a migrated database', async () => {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    try {
      await runMigrations(pool);
      const applied = await pool.query('SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations');
      expect(applied.rows[0].count).toBe(await journalLength());
    } finally {
      await pool.end();
    }
  });
});
