import { sql } from 'drizzle-orm';
import { CHANGE_CHANNEL } from '../../db/change-feed';
import type { Database } from '../../db/client';
import type { Transaction } from '../../db/transaction';

/**
 * Notices to a page's subscribers (incident updates, scheduled maintenance): one mail per
 * confirmed subscriber, through the mail queue, each with its own unsubscribe link.
 *
 * Queuing writes the notice once per (page, key), in the caller's transaction: the notice exists
 * only if the caller commits. On commit a NOTIFY wakes the drain (subscriber-notices.drain.ts),
 * which fans it out — one delivery row per (notice, subscriber), unique, and one mail job each, in
 * one transaction per batch — to the subscribers confirmed by then who had signed up when it was
 * queued; the minutely sweep does it for whatever a lost notification or a stopped process left.
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

/**
 * Queues the notice for every confirmed subscriber of the page; returns how many mails it will make
 * (the page's confirmed subscribers now; 0 when the key was queued before).
 */
export async function queueSubscriberNotices(tx: Database | Transaction, notice: SubscriberNotice): Promise<number> {
  if (!notice.key || notice.key.length > NOTICE_KEY_MAX_LENGTH || notice.key.includes('\u0000'))
    throw new Error(`queueSubscriberNotices: bad key ${JSON.stringify(notice.key.slice(0, 50))}`);
  const db = dbOf(tx);
  // The notice's row is the record that this key was announced: a retry or a concurrent call (which
  // waits on the first's unique entry) finds it and writes nothing — nor does a call after the
  // retention step pruned its old deliveries. The row is all the caller's transaction writes: the
  // drain fans it out to the subscribers (a page of 50,000 made this transaction take 2 s).
  const created = await db.execute<{ id: number; subscribers: number }>(sql`
    WITH page AS (
      SELECT max(id) AS until, count(*) FILTER (WHERE confirmed_at IS NOT NULL)::int AS confirmed
      FROM status_page_subscribers WHERE page_id = ${notice.statusPageId})
    INSERT INTO status_page_notices (page_id, key, subject, text, html, fanout_after, fanout_until)
    SELECT ${notice.statusPageId}, ${notice.key}, ${notice.subject}, ${notice.text}, ${notice.html},
      CASE WHEN page.confirmed > 0 THEN 0 END, page.until
    FROM page
    ON CONFLICT (page_id, key) DO NOTHING RETURNING id, (SELECT confirmed FROM page) AS subscribers`);
  const count = created.rows[0]?.subscribers ?? 0;
  if (count > 0)
    await db.execute(sql`SELECT pg_notify(${CHANGE_CHANNEL}, ${`${NOTICE_QUEUED_KIND}:${notice.statusPageId}`})`);
  return count;
}
