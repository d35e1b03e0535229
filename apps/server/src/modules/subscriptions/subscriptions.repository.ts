import type { ProtocolType } from '@paydar/contracts/monitors-options';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { monitorProbers, monitors, plans, subscriptions, users } from '../../db/schema/index';
import type { PlanRow, SubscriptionRow } from '../plans/plans.repository';

export interface LockedWallet {
  userId: number;
  email: string;
  balance: number;
}

/**
 * Locks the user's row for the rest of the transaction and reads the wallet. Every change to a
 * user's subscriptions takes this lock first (the ledger takes the same one), so purchases and
 * renewals of one user take turns and each sees what the one before it committed. With
 * `skipLocked`, a row someone else holds gives undefined instead of a wait.
 */
export async function lockWallet(
  db: Database,
  userId: number,
  options: { skipLocked?: boolean } = {},
): Promise<LockedWallet | undefined> {
  const result = await db.execute<{ id: number; email: string; charged_budget: string }>(
    options.skipLocked
      ? sql`SELECT id, email, charged_budget FROM users WHERE id = ${userId} FOR UPDATE SKIP LOCKED`
      : sql`SELECT id, email, charged_budget FROM users WHERE id = ${userId} FOR UPDATE`,
  );
  const row = result.rows[0];
  return row ? { userId: row.id, email: row.email, balance: Number(row.charged_budget) } : undefined;
}

/**
 * What the user paid for this subscription, in Tomans: the ledger debit that started it. A
 * purchase or renewal ends the subscription before it and keys its debit by that one's id
 * (`purchase:<id>:…`, `renewal:<id>`), so the debit is found through the previous subscription.
 * A subscription nobody paid for (Free, set by an operator) gives 0.
 */
export async function paidAmountOf(db: Database, subscription: Pick<SubscriptionRow, 'id' | 'userId'>) {
  const result = await db.execute<{ paid: string | null }>(sql`
    WITH previous AS (
      SELECT max(id) AS id FROM subscriptions WHERE user_id = ${subscription.userId} AND id < ${subscription.id}
    )
    SELECT -sum(t.amount) AS paid FROM financial_transactions t, previous p
    WHERE t.user_id = ${subscription.userId} AND t.amount < 0
      AND (t.idempotency_key = 'renewal:' || p.id OR t.idempotency_key LIKE 'purchase:' || p.id || ':%')`);
  return Number(result.rows[0]?.paid ?? 0);
}

export interface DueSubscription {
  id: number;
  userId: number;
}

/** Active subscriptions that ended by `now`, oldest end first, at most `limit`. */
export async function listEndedSubscriptions(db: Database, now: Date, limit: number): Promise<DueSubscription[]> {
  return db
    .select({ id: subscriptions.id, userId: subscriptions.userId })
    .from(subscriptions)
    .where(and(eq(subscriptions.isActive, true), sql`${subscriptions.expireTime} <= ${now.toISOString()}::timestamptz`))
    .orderBy(subscriptions.expireTime, subscriptions.id)
    .limit(limit);
}

/** Active subscriptions ending within `withinMs` of `now` whose notice has not gone out. */
export async function listSubscriptionsToNotice(
  db: Database,
  now: Date,
  withinMs: number,
  limit: number,
): Promise<DueSubscription[]> {
  const from = now.toISOString();
  const until = new Date(now.getTime() + withinMs).toISOString();
  return db
    .select({ id: subscriptions.id, userId: subscriptions.userId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.isActive, true),
        sql`${subscriptions.expiryNoticeSentAt} IS NULL`,
        sql`${subscriptions.expireTime} > ${from}::timestamptz`,
        sql`${subscriptions.expireTime} <= ${until}::timestamptz`,
      ),
    )
    .orderBy(subscriptions.expireTime, subscriptions.id)
    .limit(limit);
}

/**
 * Locks one subscription whose notice is still due, for the transaction; undefined when another
 * replica holds it, it has been noticed, replaced or has ended meanwhile.
 */
export async function lockSubscriptionToNotice(
  db: Database,
  id: number,
  now: Date,
): Promise<{ subscription: SubscriptionRow; plan: PlanRow; wallet: LockedWallet } | undefined> {
  const result = await db.execute<{ id: number }>(sql`
    SELECT id FROM subscriptions
    WHERE id = ${id} AND is_active AND expiry_notice_sent_at IS NULL AND expire_time > ${now.toISOString()}::timestamptz
    FOR UPDATE SKIP LOCKED`);
  if (!result.rows[0]) return undefined;
  const [row] = await db
    .select()
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(eq(subscriptions.id, id));
  if (!row) return undefined;
  return {
    subscription: row.subscriptions,
    plan: row.plans,
    wallet: { userId: row.users.id, email: row.users.email, balance: row.users.chargedBudget },
  };
}

export async function markNoticeSent(db: Database, id: number, now: Date): Promise<void> {
  await db.update(subscriptions).set({ expiryNoticeSentAt: now }).where(eq(subscriptions.id, id));
}

export interface EnabledMonitor {
  id: number;
  protocolType: ProtocolType;
  url: string | null;
  host: string | null;
  alias: string | null;
  periodSeconds: number;
  httpMethod: string;
  isProtected: boolean;
}

/** The user's enabled monitors, newest first, locked so no edit slips between reading and switching off. */
export async function lockEnabledMonitors(db: Database, userId: number): Promise<EnabledMonitor[]> {
  return db
    .select({
      id: monitors.id,
      protocolType: monitors.protocolType,
      url: monitors.url,
      host: monitors.host,
      alias: monitors.alias,
      periodSeconds: monitors.periodSeconds,
      httpMethod: monitors.httpMethod,
      isProtected: monitors.isProtected,
    })
    .from(monitors)
    .where(and(eq(monitors.userId, userId), eq(monitors.isEnabled, true)))
    .orderBy(desc(monitors.createdAt), desc(monitors.id))
    .for('update');
}

/** Switches the user's monitors off (never deletes them); returns the probers that ran them. */
export async function disableMonitors(db: Database, userId: number, ids: number[], now: Date): Promise<number[]> {
  if (!ids.length) return [];
  await db
    .update(monitors)
    .set({ isEnabled: false, updatedAt: now })
    .where(and(eq(monitors.userId, userId), inArray(monitors.id, ids)));
  const rows = await db
    .selectDistinct({ proberId: monitorProbers.proberId })
    .from(monitorProbers)
    .where(inArray(monitorProbers.monitorId, ids));
  return rows.map((row) => row.proberId);
}

/**
 * Leaves each of these monitors at most `maximum` probers: the enabled ones are kept first, then
 * the lowest ids; the rest are taken off the monitor. Returns the
 * monitors that lost probers and the probers that lost monitors (their assignments change).
 */
export async function trimMonitorProbers(
  db: Database,
  monitorIds: number[],
  maximum: number,
): Promise<{ monitorIds: number[]; proberIds: number[] }> {
  if (!monitorIds.length) return { monitorIds: [], proberIds: [] };
  const removed = await db.execute<{ monitor_id: number; prober_id: number }>(sql`
    WITH ranked AS (
      SELECT mp.monitor_id, mp.prober_id,
        row_number() OVER (
          PARTITION BY mp.monitor_id ORDER BY p.disabled, p.id
        ) AS position
      FROM monitor_probers mp JOIN probers p ON p.id = mp.prober_id
      WHERE mp.monitor_id IN ${monitorIds}
    )
    DELETE FROM monitor_probers mp USING ranked r
    WHERE mp.monitor_id = r.monitor_id AND mp.prober_id = r.prober_id AND r.position > ${maximum}
    RETURNING mp.monitor_id, mp.prober_id`);
  return {
    monitorIds: [...new Set(removed.rows.map((row) => row.monitor_id))].sort((a, b) => a - b),
    proberIds: [...new Set(removed.rows.map((row) => row.prober_id))],
  };
}
