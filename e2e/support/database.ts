import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/** The e2e server's database: its DATABASE_URL, or the embedded cluster in its DATA_DIR. */
export async function database(): Promise<pg.Client> {
  const environment = JSON.parse(process.env.E2E_SERVER_ENV ?? '{}') as Record<string, string>;
  let url = environment.DATABASE_URL;
  if (!url) {
    const password = (await fs.readFile(path.join(environment.DATA_DIR ?? '', 'postgres-password'), 'utf8')).trim();
    url = `postgres://postgres:${password}@127.0.0.1:${environment.EMBEDDED_POSTGRES_PORT}/paydar`;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}
