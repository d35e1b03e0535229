import { sql } from 'drizzle-orm';
import { CHANGE_CHANNEL } from '../../db/change-feed';
import type { Database } from '../../db/client';
import type { Transaction } from '../../db/transaction';

/**
 * Notices to a page's subscribers (incident updates, scheduled maintenance): one mail per
 * confirmed subscriber, through the mail queue, each with its own unsubscribe link.
 *
 * Queuing writes the notice once per (page, key) and, only when it wrote it, one delivery row per
 * (notice, confirmed subscriber): a retry or two concurrent calls with the same key write nothing
 * new (the second waits on the first's unique entry, then finds it). It writes in the caller's
 * transaction: the notice exists only if the caller commits. On commit a NOTIFY wakes the drain
 * (subscriber-notices.drain.ts), which turns each delivery into one mail job exactly once; the
 * minutely sweep does it for whatever a lost notification or a stopped process left.
 */

/** The NOTIFY payload that wakes the drain (the change feed's channel). */
export const NOTICE_QUEUED_KIND = 'status_page_notice';
export const NOTICE_KEY_MAX_LENGTH = 200;

export interface SubscriberNotice {
  statusPageId: number;
  /** Names the notice for deduplication, e.g. `incident-update:<id>`, `maintenance-scheduled:<window>:<page>`. */
  key: string;
  /** In the page's language (the footer added to each mail is). */
  subject: string;
  text: string;
  /** HTML the caller built, owner-written text in it already escaped (`escapeHtml` in subscriber-messages.ts). */
  html: string;
}

const dbOf = (tx: Database | Transaction): Database => ('executeSql' in tx ? tx.db : tx);

/** Queues the notice for every confirmed subscriber of the page; returns how many deliveries are new. */
export async function queueSubscriberNotices(tx: Database | Transaction, notice: SubscriberNotice): Promise<number> {
  if (!notice.key || notice.key.length > NOTICE_KEY_MAX_LENGTH || notice.key.includes('\u0000'))
    throw new Error(`queueSubscriberNotices: bad key ${JSON.stringify(notice.key.slice(0, 50))}`);
  const db = dbOf(tx);
  // The notice's row is the record that this key was announced: deliveries are written only by the
  // call that created it. A retry or a concurrent call (which waits on the first's unique entry)
  // finds it and writes none — nor does a call after the retention step pruned old deliveries.
  const created = await db.execute<{ id: number }>(sql`
    INSERT INTO status_page_notices (page_id, key, subject, text, html)
    VALUES (${notice.statusPageId}, ${notice.key}, ${notice.subject}, ${notice.text}, ${notice.html})
    ON CONFLICT (page_id, key) DO NOTHING RETURNING id`);
  const noticeId = created.rows[0]?.id;
  if (noticeId === undefined) return 0;
  const queued = await db.execute(sql`
    INSERT INTO status_page_notice_deliveries (notice_id, subscriber_id)
    SELECT ${noticeId}, s.id FROM status_page_subscribers s
    WHERE s.page_id = ${notice.statusPageId} AND s.confirmed_at IS NOT NULL
    ON CONFLICT (notice_id, subscriber_id) DO NOTHING`);
  const count = queued.rowCount ?? 0;
  if (count > 0)
    await db.execute(sql`SELECT pg_notify(${CHANGE_CHANNEL}, ${`${NOTICE_QUEUED_KIND}:${notice.statusPageId}`})`);
  return count;
}
