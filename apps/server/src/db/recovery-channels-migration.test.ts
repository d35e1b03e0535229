import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { migrationsFolder } from './migrate';

/**
 * Migration 0034 on rows as they stood before the chat channels: a monitor whose recoveries went to
 * all four old kinds (the default) now sends them to the new kinds too; one whose owner narrowed
 * them keeps its choice. Run again (a replayed migration), it changes nothing more.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ JOBS_ENABLED: 'false' });
});
afterAll(() => server.close());

const OLD_DEFAULT = ['email', 'sms', 'telegram', 'webhook'];

async function monitorWithRecoveryTo(userId: number, kinds: string[]): Promise<number> {
  const result = await server.context.db.execute<{ id: number }>(sql`
    INSERT INTO monitors (user_id, token, protocol_type, url, period_seconds, apdex_ms)
    VALUES (${userId}, ${`migration-${Math.random()}`}, 'HTTP', 'http://192.0.2.1/', 60, 500)
    RETURNING id`);
  const id = result.rows[0]?.id as number;
  await server.context.db.execute(sql`
    UPDATE monitors SET alert_rules = jsonb_set(alert_rules, '{recovery_channels}', ${JSON.stringify(kinds)}::jsonb)
    WHERE id = ${id}`);
  return id;
}

async function recoveryOf(id: number): Promise<string[]> {
  const result = await server.context.db.execute<{ kinds: string[] }>(
    sql`SELECT alert_rules->'recovery_channels' AS kinds FROM monitors WHERE id = ${id}`,
  );
  return result.rows[0]?.kinds ?? [];
}

async function runMigration0034(): Promise<void> {
  const [file] = (await fs.readdir(migrationsFolder)).filter((name) => name.startsWith('0034_'));
  const text = await fs.readFile(path.join(migrationsFolder, file ?? ''), 'utf8');
  await server.context.db.execute(sql.raw(text));
}

describe('migration 0034: recoveries reach the new chat channels', () => {
  it('adds the new kinds where all four old ones were ticked, and leaves a narrowed choice alone', async () => {
    const user = await buildUser(server);
    const everywhere = await monitorWithRecoveryTo(user.id, OLD_DEFAULT);
    const mailOnly = await monitorWithRecoveryTo(user.id, ['email']);
    const none = await monitorWithRecoveryTo(user.id, []);
    const alreadyChosen = await monitorWithRecoveryTo(user.id, [...OLD_DEFAULT, 'slack']);

    await runMigration0034();
    await runMigration0034();

    expect(await recoveryOf(everywhere)).toEqual([...OLD_DEFAULT, 'slack', 'discord', 'mattermost', 'bale']);
    expect(await recoveryOf(mailOnly)).toEqual(['email']);
    expect(await recoveryOf(none)).toEqual([]);
    expect(await recoveryOf(alreadyChosen)).toEqual([...OLD_DEFAULT, 'slack']);
  });
});
