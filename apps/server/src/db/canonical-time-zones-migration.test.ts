import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { migrationsFolder } from './migrate';

/**
 * Migration 0038 (issue 37): profiles whose zone was stored by the runtime's legacy id
 * (Asia/Katmandu for a chosen Asia/Kathmandu) get the canonical IANA name; others are untouched.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ JOBS_ENABLED: 'false' });
});
afterAll(() => server.close());

async function userInZone(zone: string): Promise<number> {
  const user = await buildUser(server);
  await server.context.db.execute(sql`UPDATE users SET time_zone = ${zone} WHERE id = ${user.id}`);
  return user.id;
}

async function zoneOf(id: number): Promise<string | undefined> {
  const result = await server.context.db.execute<{ zone: string }>(
    sql`SELECT time_zone AS zone FROM users WHERE id = ${id}`,
  );
  return result.rows[0]?.zone;
}

describe('migration 0038: profiles keep canonical IANA zone names', () => {
  it('renames the legacy ids and leaves every other zone alone', async () => {
    const cases = [
      ['Asia/Katmandu', 'Asia/Kathmandu'],
      ['Asia/Calcutta', 'Asia/Kolkata'],
      ['Europe/Kiev', 'Europe/Kyiv'],
      ['America/Godthab', 'America/Nuuk'],
      ['Asia/Tehran', 'Asia/Tehran'],
      ['Etc/GMT+3', 'Etc/GMT+3'],
    ] as const;
    const ids = await Promise.all(cases.map(([stored]) => userInZone(stored)));
    const [file] = (await fs.readdir(migrationsFolder)).filter((name) => name.startsWith('0038_'));
    const text = await fs.readFile(path.join(migrationsFolder, file ?? ''), 'utf8');
    await server.context.db.execute(sql.raw(text));
    await server.context.db.execute(sql.raw(text));
    expect(await Promise.all(ids.map(zoneOf))).toEqual(cases.map(([, kept]) => kept));
  });
});
