import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimitCounters } from '../../db/schema/index';

/** Counts one hit in the window and returns the window's total, atomically across replicas. */
export async function countHit(db: Database, key: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { hits: sql`${rateLimitCounters.hits} + 1` },
    })
    .returning({ hits: rateLimitCounters.hits });
  return row?.hits ?? 1;
}

/** Takes back one hit counted in the window (never below zero). */
export async function uncountHit(db: Database, key: string, windowStart: Date): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ hits: sql`greatest(${rateLimitCounters.hits} - 1, 0)` })
    .where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, windowStart)));
}

export async function deleteWindowsBefore(db: Database, before: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, before));
}

/**
 * A key's failures kept one row per instant (window_start is the attempt's time, not a window's):
 * how many since `since`, and when the last one before `before` was.
 */
export async function failuresOf(db: Database, key: string, since: Date, before: Date) {
  const [row] = await db
    .select({
      failures: sql<number>`coalesce(sum(${rateLimitCounters.hits}), 0)::int`,
      lastBefore: sql<
        string | null
      >`max(${rateLimitCounters.windowStart}) FILTER (WHERE ${rateLimitCounters.windowStart} < ${before.toISOString()}::timestamptz AND ${rateLimitCounters.hits} > 0)`,
    })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, key), gte(rateLimitCounters.windowStart, since)));
  return {
    failures: Number(row?.failures ?? 0),
    lastBefore: row?.lastBefore ? new Date(row.lastBefore).getTime() : null,
  };
}

/** Takes back one hit counted at this instant, and the row with it when it was the only one. */
export async function takeBackHit(db: Database, key: string, at: Date): Promise<void> {
  await db.execute(sql`
    WITH gone AS (
      DELETE FROM rate_limit_counters WHERE key = ${key} AND window_start = ${at.toISOString()}::timestamptz AND hits <= 1
      RETURNING 1
    )
    UPDATE rate_limit_counters SET hits = hits - 1
    WHERE key = ${key} AND window_start = ${at.toISOString()}::timestamptz AND hits > 1 AND NOT EXISTS (SELECT 1 FROM gone)`);
}

/** Forgets every count of a key (failures forgiven by a success). */
export async function forgetKey(db: Database, key: string): Promise<void> {
  await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
}
