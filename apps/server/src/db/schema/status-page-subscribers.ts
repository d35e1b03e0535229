import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { statusPages } from './status-pages';

/**
 * Subscribers of a status page (issue 16) and what they are sent. Tokens are random and stored as
 * their SHA-256 only (modules/status-page-subscribers/README.md says why not one HMAC scheme).
 */
export const statusPageSubscribers = pgTable(
  'status_page_subscribers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pageId: integer('page_id')
      .notNull()
      .references(() => statusPages.id, { onDelete: 'cascade' }),
    /** Lowercased. */
    email: text('email').notNull(),
    /** SHA-256 (hex) of the token of the latest confirmation mail; a resend replaces it. */
    confirmTokenHash: text('confirm_token_hash'),
    /** When the latest confirmation mail was queued: its link works SUBSCRIPTION_CONFIRM_HOURS from here. */
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('status_page_subscribers_page_email_idx').on(table.pageId, table.email),
    uniqueIndex('status_page_subscribers_confirm_token_idx').on(table.confirmTokenHash),
    check('status_page_subscribers_email_shape', sql`length(email) <= 254 AND email = lower(email)`),
  ],
);

/** One notice of a page (an incident update, scheduled maintenance), once per (page, key). */
export const statusPageNotices = pgTable(
  'status_page_notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pageId: integer('page_id')
      .notNull()
      .references(() => statusPages.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /**
     * The fan-out's cursor: the drain makes deliveries (and mails) for confirmed subscribers with
     * ids above it, batch by batch, up to `fanout_until`; null when done. So the caller's
     * transaction writes one row however many subscribers the page has.
     */
    fanoutAfter: integer('fanout_after'),
    /** The page's highest subscriber id when the notice was queued: who signed up later is not told. */
    fanoutUntil: integer('fanout_until'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('status_page_notices_page_key_idx').on(table.pageId, table.key),
    index('status_page_notices_fanout_idx').on(table.id).where(sql`fanout_after IS NOT NULL`),
  ],
);

/**
 * One notice to one confirmed subscriber: the unique pair is what makes a notice queued twice (a
 * retry, two concurrent calls) mail nobody twice. `queued_at` is set when its mail job is queued,
 * with the hash of the unsubscribe token that mail carries.
 */
export const statusPageNoticeDeliveries = pgTable(
  'status_page_notice_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => statusPageNotices.id, { onDelete: 'cascade' }),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => statusPageSubscribers.id, { onDelete: 'cascade' }),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    unsubscribeTokenHash: text('unsubscribe_token_hash'),
  },
  (table) => [
    uniqueIndex('status_page_notice_deliveries_pair_idx').on(table.noticeId, table.subscriberId),
    uniqueIndex('status_page_notice_deliveries_token_idx').on(table.unsubscribeTokenHash),
    index('status_page_notice_deliveries_pending_idx').on(table.id).where(sql`queued_at IS NULL`),
    index('status_page_notice_deliveries_subscriber_idx').on(table.subscriberId),
    // The retention step finds deliveries queued before its cutoff, oldest first, by this. Partial:
    // the 50,000 rows a notice writes in its caller's transaction (all pending) do not pay for it.
    index('status_page_notice_deliveries_queued_at_idx').on(table.queuedAt).where(sql`queued_at IS NOT NULL`),
  ],
);
