import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { migrationsFolder } from './migrate';

/**
 * Migration 0037 on rows as they stood before (issue 37): a monitor whose rules are still the old
 * defaults in full (never edited) now tells its recovery at once; one whose owner changed any rule
 * keeps its rules, the 3-minute hold included. Run again (a replayed migration), it changes nothing.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ JOBS_ENABLED: 'false' });
});
afterAll(() => server.close());

const KINDS = ['email', 'sms', 'telegram', 'webhook', 'slack', 'discord', 'mattermost', 'bale'];
const OLD_DEFAULT = {
  alert_after: { count: 1, unit: 'checks' },
  remind_every_minutes: null,
  remind_limit: 10,
  notify_recovery: true,
  recovery_channels: KINDS,
  recovery_after_minutes: 3,
  flap_changes: 4,
  flap_window_minutes: 20,
};

async function monitorWithRules(userId: number, rules: Record<string, unknown>): Promise<number> {
  const result = await server.context.db.execute<{ id: number }>(sql`
    INSERT INTO monitors (user_id, token, protocol_type, url, period_seconds, apdex_ms, alert_rules)
    VALUES (${userId}, ${`migration-${Math.random()}`}, 'HTTP', 'http://192.0.2.1/', 60, 500, ${JSON.stringify(rules)}::jsonb)
    RETURNING id`);
  return result.rows[0]?.id as number;
}

async function holdOf(id: number): Promise<unknown> {
  const result = await server.context.db.execute<{ hold: unknown }>(
    sql`SELECT alert_rules->'recovery_after_minutes' AS hold FROM monitors WHERE id = ${id}`,
  );
  return result.rows[0]?.hold;
}

async function runMigration0037(): Promise<void> {
  const [file] = (await fs.readdir(migrationsFolder)).filter((name) => name.startsWith('0037_'));
  const text = await fs.readFile(path.join(migrationsFolder, file ?? ''), 'utf8');
  await server.context.db.execute(sql.raw(text));
}

describe('migration 0037: recoveries told at once unless the owner chose a hold', () => {
  it('moves never-edited rules to the new default and leaves edited rules alone', async () => {
    const user = await buildUser(server);
    const untouched = await monitorWithRules(user.id, OLD_DEFAULT);
    const reordered = await monitorWithRules(user.id, { ...OLD_DEFAULT, recovery_channels: [...KINDS].reverse() });
    const reminded = await monitorWithRules(user.id, { ...OLD_DEFAULT, remind_limit: 5 });
    const mailOnly = await monitorWithRules(user.id, { ...OLD_DEFAULT, recovery_channels: ['email'] });
    const longerHold = await monitorWithRules(user.id, { ...OLD_DEFAULT, recovery_after_minutes: 10 });

    await runMigration0037();
    await runMigration0037();

    expect(await holdOf(untouched)).toBe(0);
    expect(await holdOf(reordered)).toBe(0);
    expect(await holdOf(reminded)).toBe(3);
    expect(await holdOf(mailOnly)).toBe(3);
    expect(await holdOf(longerHold)).toBe(10);
  });

  it('gives a monitor inserted with no rules the new default', async () => {
    const user = await buildUser(server);
    const result = await server.context.db.execute<{ id: number }>(sql`
      INSERT INTO monitors (user_id, token, protocol_type, url, period_seconds, apdex_ms)
      VALUES (${user.id}, ${`migration-${Math.random()}`}, 'HTTP', 'http://192.0.2.1/', 60, 500)
      RETURNING id`);
    expect(await holdOf(result.rows[0]?.id as number)).toBe(0);
  });
});
