import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Runs one statement on a short connection of its own (CREATE and DROP DATABASE refuse transactions). */
export async function runOnServer(connectionString: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the server at `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new database named `<prefix>_<random>` on the server at `serverUrl` — empty, or a copy of
 * `template` (a database nobody is connected to) — that `drop()` removes. The random name keeps
 * runs side by side, and a crashed run's leftovers, from meeting.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  options: { template?: string } = {},
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const from = options.template ? ` TEMPLATE "${options.template}"` : '';
  await runOnServer(serverUrl, `CREATE DATABASE "${name}"${from}`);
  return {
    name,
    url: databaseUrl(serverUrl, name),
    drop: () => runOnServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
