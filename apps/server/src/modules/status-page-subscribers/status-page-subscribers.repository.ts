import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** Subscribers' rows and the pages they subscribe to; the only SQL of the subscribe, confirm and owner paths. */

export interface SubscribablePage {
  id: number;
  userId: number;
  slug: string;
  title: string;
  language: 'en' | 'fa';
  timeZone: string;
  customDomain: string | null;
  passwordHash: string | null;
}

export interface SubscriberRow {
  id: number;
  pageId: number;
  email: string;
  confirmSentAt: Date;
  confirmedAt: Date | null;
  createdAt: Date;
}

const asDate = (value: unknown) => (value instanceof Date ? value : new Date(value as string));
const asDateOrNull = (value: unknown) => (value === null || value === undefined ? null : asDate(value));

const PAGE_COLUMNS = sql`p.id, p.user_id, p.slug, p.title, p.language, p.time_zone, p.custom_domain, p.password_hash`;

function toPage(row: Record<string, unknown>): SubscribablePage {
  return {
    id: row.id as number,
    userId: row.user_id as number,
    slug: row.slug as string,
    title: row.title as string,
    language: row.language as SubscribablePage['language'],
    timeZone: row.time_zone as string,
    customDomain: (row.custom_domain as string | null) ?? null,
    passwordHash: (row.password_hash as string | null) ?? null,
  };
}

function toSubscriber(row: Record<string, unknown>): SubscriberRow {
  return {
    id: row.id as number,
    pageId: row.page_id as number,
    email: row.email as string,
    confirmSentAt: asDate(row.confirm_sent_at),
    confirmedAt: asDateOrNull(row.confirmed_at),
    createdAt: asDate(row.created_at),
  };
}

/** A page by slug or custom domain, whoever's: what a visitor subscribes to. */
export async function findSubscribablePage(
  db: Database,
  where: { slug: string } | { domain: string },
): Promise<SubscribablePage | null> {
  const condition = 'slug' in where ? sql`p.slug = ${where.slug}` : sql`p.custom_domain = ${where.domain}`;
  const result = await db.execute<Record<string, unknown>>(
    sql`SELECT ${PAGE_COLUMNS} FROM status_pages p WHERE ${condition}`,
  );
  const row = result.rows[0];
  return row ? toPage(row) : null;
}

/** The owner's page, or null: every owner route starts here. */
export async function findOwnedPage(db: Database, userId: number, pageId: number): Promise<SubscribablePage | null> {
  const result = await db.execute<Record<string, unknown>>(
    sql`SELECT ${PAGE_COLUMNS} FROM status_pages p WHERE p.id = ${pageId} AND p.user_id = ${userId}`,
  );
  const row = result.rows[0];
  return row ? toPage(row) : null;
}

/**
 * Holds the page's subscriber list for the rest of the transaction: subscribes to one page count
 * and write one after the other, so the plan's limit holds under a race. NO KEY UPDATE: rows that
 * only reference the page (incidents, notices) are not blocked.
 */
export async function lockPageSubscribers(db: Database, pageId: number): Promise<void> {
  await db.execute(sql`SELECT id FROM status_pages WHERE id = ${pageId} FOR NO KEY UPDATE`);
}

/** Subscribers that hold a place: confirmed, or waiting with a confirmation link that still works. */
export async function countHeldPlaces(db: Database, pageId: number, waitingSince: Date): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`
    SELECT count(*)::int AS count FROM status_page_subscribers
    WHERE page_id = ${pageId} AND (confirmed_at IS NOT NULL OR confirm_sent_at > ${waitingSince.toISOString()}::timestamptz)`);
  return result.rows[0]?.count ?? 0;
}

export async function findSubscriber(db: Database, pageId: number, email: string): Promise<SubscriberRow | null> {
  const result = await db.execute<Record<string, unknown>>(
    sql`SELECT * FROM status_page_subscribers WHERE page_id = ${pageId} AND email = ${email}`,
  );
  const row = result.rows[0];
  return row ? toSubscriber(row) : null;
}

/** A new waiting subscriber, or a waiting one given a new confirmation token (the old link stops working). */
export async function upsertWaitingSubscriber(
  db: Database,
  fields: { pageId: number; email: string; confirmTokenHash: string; sentAt: Date },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO status_page_subscribers (page_id, email, confirm_token_hash, confirm_sent_at, created_at)
    VALUES (${fields.pageId}, ${fields.email}, ${fields.confirmTokenHash}, ${fields.sentAt.toISOString()}::timestamptz,
      ${fields.sentAt.toISOString()}::timestamptz)
    ON CONFLICT (page_id, email) DO UPDATE SET confirm_token_hash = EXCLUDED.confirm_token_hash,
      confirm_sent_at = EXCLUDED.confirm_sent_at
    WHERE status_page_subscribers.confirmed_at IS NULL`);
}

/** The subscriber a confirmation token names, with its page. */
export async function findByConfirmToken(
  db: Database,
  tokenHash: string,
): Promise<{ subscriber: SubscriberRow; page: SubscribablePage } | null> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT ${PAGE_COLUMNS}, s.id AS subscriber_id, s.page_id, s.email, s.confirm_sent_at, s.confirmed_at, s.created_at
    FROM status_page_subscribers s JOIN status_pages p ON p.id = s.page_id
    WHERE s.confirm_token_hash = ${tokenHash} FOR UPDATE OF s`);
  const row = result.rows[0];
  return row ? { subscriber: toSubscriber({ ...row, id: row.subscriber_id }), page: toPage(row) } : null;
}

export async function markConfirmed(db: Database, subscriberId: number, at: Date): Promise<void> {
  await db.execute(sql`
    UPDATE status_page_subscribers SET confirmed_at = ${at.toISOString()}::timestamptz
    WHERE id = ${subscriberId} AND confirmed_at IS NULL`);
}

/** Removes the subscriber an unsubscribe token (of any notice mail sent to it) names; returns its page. */
export async function removeByUnsubscribeToken(db: Database, tokenHash: string): Promise<SubscribablePage | null> {
  const result = await db.execute<Record<string, unknown>>(sql`
    DELETE FROM status_page_subscribers s USING status_page_notice_deliveries d, status_pages p
    WHERE d.unsubscribe_token_hash = ${tokenHash} AND s.id = d.subscriber_id AND p.id = s.page_id
    RETURNING ${PAGE_COLUMNS}`);
  const row = result.rows[0];
  return row ? toPage(row) : null;
}

/** The page of the subscriber an unsubscribe token names, changing nothing. */
export async function findPageByUnsubscribeToken(db: Database, tokenHash: string): Promise<SubscribablePage | null> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT ${PAGE_COLUMNS} FROM status_page_notice_deliveries d
    JOIN status_page_subscribers s ON s.id = d.subscriber_id JOIN status_pages p ON p.id = s.page_id
    WHERE d.unsubscribe_token_hash = ${tokenHash}`);
  const row = result.rows[0];
  return row ? toPage(row) : null;
}

export interface SubscriberFilter {
  /** Part of the address, lowercased; matched as plain text (no LIKE wildcards). */
  search?: string;
  state?: 'confirmed' | 'waiting';
}

/**
 * One page of the page's subscribers, newest first, left out those whose confirmation link expired
 * unused; with the matching total and the page's confirmed and waiting totals, in one scan of the
 * page's rows. `strpos` rather than LIKE: what the owner types is found as typed, `%` and `_` too.
 */
export async function listSubscribers(
  db: Database,
  pageId: number,
  waitingSince: Date,
  filter: SubscriberFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: SubscriberRow[]; total: number; confirmed: number; waiting: number }> {
  const held = sql`page_id = ${pageId} AND (confirmed_at IS NOT NULL OR confirm_sent_at > ${waitingSince.toISOString()}::timestamptz)`;
  const search = filter.search ? sql`strpos(email, ${filter.search}) > 0` : sql`true`;
  const state =
    filter.state === 'confirmed'
      ? sql`confirmed_at IS NOT NULL`
      : filter.state === 'waiting'
        ? sql`confirmed_at IS NULL`
        : sql`true`;
  const [rows, counts] = await Promise.all([
    db.execute<Record<string, unknown>>(sql`
      SELECT * FROM status_page_subscribers WHERE ${held} AND ${search} AND ${state}
      ORDER BY id DESC LIMIT ${page.limit} OFFSET ${page.offset}`),
    db.execute<{ total: number; confirmed: number; waiting: number }>(sql`
      SELECT count(*) FILTER (WHERE ${search} AND ${state})::int AS total,
        count(*) FILTER (WHERE confirmed_at IS NOT NULL)::int AS confirmed,
        count(*) FILTER (WHERE confirmed_at IS NULL)::int AS waiting
      FROM status_page_subscribers WHERE ${held}`),
  ]);
  const count = counts.rows[0];
  return {
    rows: rows.rows.map(toSubscriber),
    total: count?.total ?? 0,
    confirmed: count?.confirmed ?? 0,
    waiting: count?.waiting ?? 0,
  };
}

export async function deleteSubscriber(db: Database, pageId: number, subscriberId: number): Promise<boolean> {
  const result = await db.execute(
    sql`DELETE FROM status_page_subscribers WHERE page_id = ${pageId} AND id = ${subscriberId}`,
  );
  return (result.rowCount ?? 0) > 0;
}

/** Forgets addresses whose confirmation link expired unused: they hold no place and get nothing. */
export async function pruneUnconfirmed(db: Database, waitingSince: Date): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM status_page_subscribers
    WHERE confirmed_at IS NULL AND confirm_sent_at <= ${waitingSince.toISOString()}::timestamptz`);
  return result.rowCount ?? 0;
}
