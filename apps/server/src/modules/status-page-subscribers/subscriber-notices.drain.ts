import { sql } from 'drizzle-orm';
import type { ServiceContext } from '../../context';
import { generateSecret, hashSecret } from '../accounts/secrets';
import { enqueueMail } from '../mail/mail.jobs';
import { oneClickUnsubscribeUrl, pageUrlOf, subscriptionLink, unsubscribeHeaders } from './subscriber-links';
import { withUnsubscribeFooter } from './subscriber-messages';

/**
 * Turns queued deliveries into mail jobs, exactly once each: a batch of deliveries not yet queued is
 * locked (SKIP LOCKED, so replicas and overlapping runs share the work), each gets a fresh random
 * unsubscribe token — only its SHA-256 is stored, on the delivery — and one job on the mail queue,
 * and the rows are marked queued, all in one transaction: the jobs exist only with the marks.
 */

const BATCH = 200;

type PendingDelivery = {
  id: number;
  email: string;
  subject: string;
  text: string;
  html: string;
  title: string;
  slug: string;
  custom_domain: string | null;
  language: 'en' | 'fa';
};

/** Queues one batch; returns how many mails it queued. */
async function drainBatch(context: ServiceContext): Promise<number> {
  return context.runInTransaction(async (transaction) => {
    const pending = await transaction.db.execute<PendingDelivery>(sql`
      SELECT d.id, s.email, n.subject, n.text, n.html, p.title, p.slug, p.custom_domain, p.language
      FROM status_page_notice_deliveries d
      JOIN status_page_subscribers s ON s.id = d.subscriber_id
      JOIN status_page_notices n ON n.id = d.notice_id
      JOIN status_pages p ON p.id = n.page_id
      WHERE d.queued_at IS NULL
      ORDER BY d.id LIMIT ${BATCH}
      FOR UPDATE OF d SKIP LOCKED`);
    const hashes: string[] = [];
    for (const delivery of pending.rows) {
      const token = generateSecret();
      hashes.push(hashSecret(token));
      const pageUrl = pageUrlOf(context.config.DASHBOARD_URL, {
        slug: delivery.slug,
        customDomain: delivery.custom_domain,
      });
      const content = withUnsubscribeFooter(delivery, {
        language: delivery.language,
        pageTitle: delivery.title,
        unsubscribeLink: subscriptionLink(pageUrl, 'unsubscribe', token),
      });
      const headers = unsubscribeHeaders(oneClickUnsubscribeUrl(context.config.PUBLIC_URL, token));
      await enqueueMail(context.jobs, { to: delivery.email, ...content, headers }, transaction);
    }
    if (!pending.rows.length) return 0;
    await transaction.db.execute(sql`
      UPDATE status_page_notice_deliveries d SET queued_at = now(), unsubscribe_token_hash = q.hash
      FROM unnest(${sql.param(pending.rows.map((row) => Number(row.id)))}::bigint[], ${sql.param(hashes)}::text[])
        AS q(id, hash)
      WHERE d.id = q.id`);
    return pending.rows.length;
  });
}

/** Queues every delivery waiting now, batch by batch; returns how many mails were queued. */
export async function drainSubscriberNotices(context: ServiceContext): Promise<number> {
  let total = 0;
  for (;;) {
    const queued = await drainBatch(context);
    total += queued;
    if (queued < BATCH) return total;
  }
}
