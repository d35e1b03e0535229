import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** Checks a prober reported and how many failed through its own fault, in one UTC hour or a window. */
export interface HealthCounts {
  checks: number;
  proberFailures: number;
}

export const HOUR_MS = 3_600_000;

/** Adds to a prober's hourly counters (keys: the hour's start, epoch ms), in one statement. */
export async function addProberHealth(db: Database, proberId: number, hours: Map<number, HealthCounts>): Promise<void> {
  if (!hours.size) return;
  const rows = JSON.stringify(
    [...hours].map(([hour, counts]) => ({ h: hour, c: counts.checks, f: counts.proberFailures })),
  );
  await db.execute(sql`
    INSERT INTO prober_health_hours (prober_id, hour, checks, prober_failures)
    SELECT ${proberId}, to_timestamp(u.h / 1000), u.c, u.f FROM json_to_recordset(${rows}::json) AS u(h float8, c int, f int)
    ON CONFLICT (prober_id, hour) DO UPDATE SET
      checks = prober_health_hours.checks + excluded.checks,
      prober_failures = prober_health_hours.prober_failures + excluded.prober_failures`);
}

/** One failure through the prober's own fault: its monitor and time (epoch ms). */
export interface ProberFailure {
  monitorId: number;
  time: number;
}

/**
 * Keeps the keys of these prober failures and returns the times of those not seen before: a
 * result sent again must not count twice in the prober's health.
 */
export async function recordProberFailures(
  db: Database,
  proberId: number,
  failures: ProberFailure[],
): Promise<number[]> {
  if (!failures.length) return [];
  const rows = JSON.stringify(failures.map((failure) => ({ m: failure.monitorId, t: failure.time })));
  const result = await db.execute<{ time: number }>(sql`
    INSERT INTO prober_failure_records (monitor_id, prober_id, time)
    SELECT u.m, ${proberId}, to_timestamp(u.t / 1000) FROM json_to_recordset(${rows}::json) AS u(m int, t float8)
    ON CONFLICT DO NOTHING
    RETURNING (extract(epoch FROM time) * 1000)::float8 AS time`);
  return result.rows.map((row) => row.time);
}

/** Forgets the failures older than `before`: ingest refuses results that old, so none can come again. */
export async function pruneProberFailures(db: Database, before: Date): Promise<void> {
  await db.execute(sql`DELETE FROM prober_failure_records WHERE time < ${before.toISOString()}::timestamptz`);
}

/** Every prober's counters summed over the hours starting at or after `since`. */
export async function proberHealthSince(db: Database, since: Date): Promise<Map<number, HealthCounts>> {
  const result = await db.execute<{ prober_id: number; checks: number; prober_failures: number }>(sql`
    SELECT prober_id, sum(checks)::int AS checks, sum(prober_failures)::int AS prober_failures
    FROM prober_health_hours WHERE hour >= ${since.toISOString()}::timestamptz GROUP BY prober_id`);
  return new Map(
    result.rows.map((row) => [row.prober_id, { checks: row.checks, proberFailures: row.prober_failures }]),
  );
}
