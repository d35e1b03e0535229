import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emptyAlertChannels } from '../../db/schema/users';
import { DEMO_ALERT_EMAIL, DEMO_ALERT_TELEGRAM } from './demo.catalogue';

/** The plan the demo shows its history under: one that keeps 90 days and takes its six monitors. */
export const DEMO_PLAN_NAME = 'Gold';

/** The demo account (seeded by seed.ts): its id, or undefined when there is none. */
export async function findDemoUserId(db: Database, email: string): Promise<number | undefined> {
  const result = await db.execute<{ id: number }>(
    sql`SELECT id FROM users WHERE email = ${email.toLowerCase()} AND is_demo`,
  );
  return result.rows[0]?.id;
}

/**
 * Shows the demo on the showcase plan (its subscription never expires: no billing job touches it,
 * and no ledger entry is made — nothing was bought) with two verified channels its alerts name.
 * Only an empty profile gets the channels.
 */
export async function dressDemoAccount(db: Database, userId: number): Promise<void> {
  await db.execute(sql`
    UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE name = ${DEMO_PLAN_NAME})
    WHERE user_id = ${userId} AND is_active AND expire_time IS NULL
      AND EXISTS (SELECT 1 FROM plans WHERE name = ${DEMO_PLAN_NAME})`);
  const channels = JSON.stringify({
    ...emptyAlertChannels,
    emails: [{ value: DEMO_ALERT_EMAIL, is_verified: true }],
    telegram_usernames: [{ value: DEMO_ALERT_TELEGRAM, is_verified: true }],
  });
  // Only an account with no channel yet, whichever kinds its saved profile lists.
  await db.execute(sql`
    UPDATE users SET alert_channels = ${channels}::jsonb
    WHERE id = ${userId}
      AND NOT EXISTS (SELECT 1 FROM jsonb_each(alert_channels) AS kind WHERE jsonb_array_length(kind.value) > 0)`);
}
