import { sql } from 'drizzle-orm';
import type { ServiceContext } from '../../context';
import type { Transaction } from '../../db/transaction';
import { generateSecret, hashSecret } from '../accounts/secrets';
import { enqueueMails } from '../mail/mail.jobs';
import type { MailMessage } from '../mail/mail.transport';
import { oneClickUnsubscribeUrl, pageUrlOf, subscriptionLink, unsubscribeHeaders } from './subscriber-links';
import { withUnsubscribeFooter } from './subscriber-messages';

/**
 * Turns notices into mail jobs, exactly once per (notice, subscriber). A notice is fanned out batch
 * by batch: its row is locked (SKIP LOCKED, so replicas and overlapping runs share the work), the
 * next confirmed subscribers past its cursor get a delivery row — unique per pair — with the SHA-256
 * of a fresh random unsubscribe token, and one job each on the mail queue (one statement), and the
 * cursor moves on, all in one transaction: the jobs exist only with the rows and the cursor.
 *
 * Deliveries written pending by the code before the fan-out (queued_at null) are drained the old
 * way, so an upgrade loses none.
 */

/** Mails per transaction: the notice row stays locked (SKIP LOCKED for the others) for a few tens of ms. */
const BATCH = 500;

type Page = { title: string; slug: string; custom_domain: string | null; language: 'en' | 'fa' };
type Notice = Page & { subject: string; text: string; html: string };

/** One mail of a notice to one subscriber, with its own unsubscribe token; returns it and the token's hash. */
function mailOf(context: ServiceContext, notice: Notice, email: string): { mail: MailMessage; hash: string } {
  const token = generateSecret();
  const pageUrl = pageUrlOf(context.config.DASHBOARD_URL, { slug: notice.slug, customDomain: notice.custom_domain });
  const content = withUnsubscribeFooter(notice, {
    language: notice.language,
    pageTitle: notice.title,
    unsubscribeLink: subscriptionLink(pageUrl, 'unsubscribe', token),
  });
  const headers = unsubscribeHeaders(oneClickUnsubscribeUrl(context.config.PUBLIC_URL, token));
  return { mail: { to: email, ...content, headers }, hash: hashSecret(token) };
}

/** One batch of one notice's fan-out; returns how many mails it queued, or null when no notice waits. */
async function fanOutBatch(context: ServiceContext): Promise<number | null> {
  return context.runInTransaction(async (transaction) => {
    const notices = await transaction.db.execute<
      Notice & { id: number; page_id: number; fanout_after: number; fanout_until: number }
    >(sql`
      SELECT n.id, n.page_id, n.fanout_after, n.fanout_until, n.subject, n.text, n.html,
        p.title, p.slug, p.custom_domain, p.language
      FROM status_page_notices n JOIN status_pages p ON p.id = n.page_id
      WHERE n.fanout_after IS NOT NULL
      ORDER BY n.id LIMIT 1
      FOR UPDATE OF n SKIP LOCKED`);
    const notice = notices.rows[0];
    if (!notice) return null;
    const subscribers = await transaction.db.execute<{ id: number; email: string }>(sql`
      SELECT id, email FROM status_page_subscribers
      WHERE page_id = ${notice.page_id} AND confirmed_at IS NOT NULL
        AND id > ${notice.fanout_after} AND id <= ${notice.fanout_until}
      ORDER BY id LIMIT ${BATCH}`);
    const made = subscribers.rows.map((subscriber) => mailOf(context, notice, subscriber.email));
    const last = subscribers.rows.at(-1)?.id;
    if (made.length) {
      await transaction.db.execute(sql`
        INSERT INTO status_page_notice_deliveries (notice_id, subscriber_id, queued_at, unsubscribe_token_hash)
        SELECT ${notice.id}, q.subscriber, now(), q.hash
        FROM unnest(${sql.param(subscribers.rows.map((row) => row.id))}::int[], ${sql.param(made.map((item) => item.hash))}::text[])
          AS q(subscriber, hash)`);
      await enqueueMails(
        context.jobs,
        made.map((item) => item.mail),
        transaction,
      );
    }
    const cursor = made.length === BATCH && last !== undefined ? last : null;
    await transaction.db.execute(sql`UPDATE status_page_notices SET fanout_after = ${cursor} WHERE id = ${notice.id}`);
    return made.length;
  });
}

/** Queues one batch of deliveries left pending by the code before the fan-out; returns how many. */
async function legacyBatch(context: ServiceContext): Promise<number> {
  return context.runInTransaction(async (transaction: Transaction) => {
    const pending = await transaction.db.execute<Notice & { id: number; email: string }>(sql`
      SELECT d.id, s.email, n.subject, n.text, n.html, p.title, p.slug, p.custom_domain, p.language
      FROM status_page_notice_deliveries d
      JOIN status_page_subscribers s ON s.id = d.subscriber_id
      JOIN status_page_notices n ON n.id = d.notice_id
      JOIN status_pages p ON p.id = n.page_id
      WHERE d.queued_at IS NULL
      ORDER BY d.id LIMIT ${BATCH}
      FOR UPDATE OF d SKIP LOCKED`);
    if (!pending.rows.length) return 0;
    const made = pending.rows.map((delivery) => mailOf(context, delivery, delivery.email));
    await enqueueMails(
      context.jobs,
      made.map((item) => item.mail),
      transaction,
    );
    await transaction.db.execute(sql`
      UPDATE status_page_notice_deliveries d SET queued_at = now(), unsubscribe_token_hash = q.hash
      FROM unnest(${sql.param(pending.rows.map((row) => Number(row.id)))}::bigint[], ${sql.param(made.map((item) => item.hash))}::text[])
        AS q(id, hash)
      WHERE d.id = q.id`);
    return pending.rows.length;
  });
}

/** Queues every mail owed now, batch by batch; returns how many were queued. */
export async function drainSubscriberNotices(context: ServiceContext): Promise<number> {
  let total = 0;
  for (;;) {
    const fanned = await fanOutBatch(context);
    if (fanned === null) break;
    total += fanned;
  }
  for (;;) {
    const queued = await legacyBatch(context);
    total += queued;
    if (queued < BATCH) return total;
  }
}
