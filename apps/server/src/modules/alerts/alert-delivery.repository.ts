import type { MessengerChannelType } from '@paydar/contracts/alert-channels';
import type { NotificationType } from '@paydar/contracts/notifications';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AlertFacts } from '../../db/schema/notifications';

/** A notification taken for one send. */
export interface ClaimedNotification {
  id: number;
  userId: number;
  notificationType: NotificationType;
  recipient: string;
  facts: AlertFacts;
  /** This attempt's number, from 1. */
  attempt: number;
  webhookSecret: string;
}

/**
 * Moves a pending notification to 'sending' and commits that before anything is sent: a second
 * worker, a repeated job or a restart finds it taken, so it is never sent twice. Undefined when
 * it is not pending (sent, failed, or being sent).
 */
export async function claimNotification(db: Database, id: number, now: Date): Promise<ClaimedNotification | undefined> {
  const result = await db.execute<Record<string, unknown>>(sql`
    UPDATE notifications n SET state = 'sending', attempts = n.attempts + 1, claimed_at = ${now.toISOString()}::timestamptz
    FROM users u
    WHERE n.id = ${id} AND n.state = 'pending' AND u.id = n.user_id
    RETURNING n.id, n.user_id, n.notification_type, n.recipient, n.facts, n.attempts, u.webhook_secret`);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    id: row.id as number,
    userId: row.user_id as number,
    notificationType: row.notification_type as NotificationType,
    recipient: row.recipient as string,
    facts: row.facts as AlertFacts,
    attempt: row.attempts as number,
    webhookSecret: row.webhook_secret as string,
  };
}

export async function markSent(db: Database, id: number, publicMessage: string, now: Date): Promise<void> {
  await db.execute(sql`UPDATE notifications
    SET state = 'sent', is_sent = true, public_message = ${publicMessage}, sent_at = ${now.toISOString()}::timestamptz
    WHERE id = ${id} AND state = 'sending'`);
}

export async function markFailed(db: Database, id: number, publicMessage: string): Promise<void> {
  await db.execute(sql`UPDATE notifications SET state = 'failed', is_sent = false, public_message = ${publicMessage}
    WHERE id = ${id} AND state = 'sending'`);
}

/** Back to pending after a retryable failure, due again at `nextAttemptAt`. */
export async function markRetrying(
  db: Database,
  id: number,
  publicMessage: string,
  nextAttemptAt: Date,
): Promise<void> {
  await db.execute(sql`UPDATE notifications
    SET state = 'pending', public_message = ${publicMessage}, next_attempt_at = ${nextAttemptAt.toISOString()}::timestamptz
    WHERE id = ${id} AND state = 'sending'`);
}

/** The chat a user's verified Telegram (or Bale) name is linked to. */
export async function findTelegramChat(
  db: Database,
  userId: number,
  username: string,
  messenger: MessengerChannelType = 'telegram',
): Promise<string | undefined> {
  const result = await db.execute<{ chat_id: string }>(sql`
    SELECT chat_id FROM telegram_chats
    WHERE messenger = ${messenger} AND user_id = ${userId} AND username = ${username}`);
  return result.rows[0]?.chat_id;
}

/** Pending notifications whose job should have run by `dueBefore` (a job lost with a crashed worker). */
export async function findOverduePending(db: Database, dueBefore: Date, limit: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    SELECT id FROM notifications WHERE state = 'pending' AND next_attempt_at < ${dueBefore.toISOString()}::timestamptz
    ORDER BY next_attempt_at LIMIT ${limit}`);
  return result.rows.map((row) => row.id);
}

/**
 * Ends sends that began before `claimedBefore` and never finished: the process died mid-send. It
 * may or may not have reached the recipient, and sending again could alert twice, so it is not retried.
 */
export async function failInterrupted(db: Database, claimedBefore: Date, publicMessage: string): Promise<number> {
  const result =
    await db.execute(sql`UPDATE notifications SET state = 'failed', is_sent = false, public_message = ${publicMessage}
    WHERE state = 'sending' AND claimed_at < ${claimedBefore.toISOString()}::timestamptz`);
  return result.rowCount ?? 0;
}
