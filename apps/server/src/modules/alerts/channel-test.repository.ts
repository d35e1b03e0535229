import { type AlertChannels, completeAlertChannels } from '@paydar/contracts/accounts';
import type { Calendar } from '@paydar/contracts/calendars';
import type { NotificationType } from '@paydar/contracts/notifications';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AlertFacts } from '../../db/schema/notifications';
import type { PlanDescription } from '../../db/schema/plans';

/** What a channel test needs of its owner. */
export interface TestOwner {
  channels: AlertChannels;
  timeZone: string;
  calendar: Calendar;
  webhookSecret: string;
  /** Null when the owner has no active subscription. */
  planDescription: PlanDescription | null;
}

/**
 * The owner, with the row lock monitor writes and dispatch take for limits (`lockUserForLimits`),
 * so a test and a dispatch cannot both use the month's last notification.
 */
export async function lockTestOwner(db: Database, userId: number): Promise<TestOwner | undefined> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT u.alert_channels, u.time_zone, u.calendar, u.webhook_secret, p.description
    FROM users u
    LEFT JOIN subscriptions sub ON sub.user_id = u.id AND sub.is_active
    LEFT JOIN plans p ON p.id = sub.plan_id
    WHERE u.id = ${userId}
    FOR NO KEY UPDATE OF u`);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    channels: completeAlertChannels(row.alert_channels as Partial<AlertChannels>),
    timeZone: row.time_zone as string,
    calendar: row.calendar as Calendar,
    webhookSecret: row.webhook_secret as string,
    planDescription: row.description as PlanDescription | null,
  };
}

/**
 * Writes the test's history row: `sending` (claimed by this request, which sends it right after
 * the commit) or `failed` when refused at once. Undefined when a test to the same channel is
 * still out: the partial unique index `notifications_one_test_in_flight` lets one through.
 */
export async function insertTestNotification(
  db: Database,
  input: {
    userId: number;
    notificationType: Exclude<NotificationType, 'call'>;
    recipient: string;
    facts: AlertFacts;
    state: 'sending' | 'failed';
    publicMessage: string;
    now: Date;
  },
): Promise<number | undefined> {
  const now = input.now.toISOString();
  const claimed = input.state === 'sending';
  const result = await db.execute<{ id: number }>(sql`
    INSERT INTO notifications (user_id, notification_type, recipient, state, public_message, facts, attempts,
      created_at, next_attempt_at, claimed_at)
    VALUES (${input.userId}, ${input.notificationType}, ${input.recipient}, ${input.state}, ${input.publicMessage},
      ${JSON.stringify(input.facts)}::jsonb, ${claimed ? 1 : 0}, ${now}::timestamptz, ${now}::timestamptz,
      ${claimed ? now : null}::timestamptz)
    ON CONFLICT DO NOTHING
    RETURNING id`);
  return result.rows[0]?.id;
}
