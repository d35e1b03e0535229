import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Pausing and resuming monitors (issue 13: a paused monitor is paused). Each runs in the caller's
 * transaction, the one that switches the monitors off or on, so the pause record, the suspended
 * downtime and the state always agree with `is_enabled`.
 */

/**
 * Opens a pause on each monitor (one not already paused) and suspends its open downtime at `at`,
 * marked as ended by the pause: no 'up' event is written, so nothing is alerted. The state is
 * forgotten (down/up and the probers' runs), so nothing carries over into the next enabled span.
 */
export async function pauseMonitors(db: Database, monitorIds: number[], at: Date): Promise<void> {
  if (!monitorIds.length) return;
  const ids = sql.param(monitorIds);
  const time = at.toISOString();
  await db.execute(sql`
    INSERT INTO monitor_pauses (monitor_id, started_at) SELECT unnest(${ids}::int[]), ${time}::timestamptz
    ON CONFLICT (monitor_id) WHERE ended_at IS NULL DO NOTHING`);
  await db.execute(sql`
    UPDATE downtimes SET to_time = greatest(from_time, ${time}::timestamptz), ended_by = 'pause'
    WHERE monitor_id = ANY(${ids}::int[]) AND to_time IS NULL`);
  await db.execute(sql`
    UPDATE monitor_states SET is_down = false, state_since = NULL, prober_states = '[]'::jsonb
    WHERE monitor_id = ANY(${ids}::int[])`);
}

/**
 * Ends each monitor's open pause at `at`. The monitor starts fresh: unknown (no last check, no
 * last status) until its first results decide, as a new monitor does; its first check ever is
 * kept, since the uptime counts from it.
 */
export async function resumeMonitors(db: Database, monitorIds: number[], at: Date): Promise<void> {
  if (!monitorIds.length) return;
  const ids = sql.param(monitorIds);
  await db.execute(sql`
    UPDATE monitor_pauses SET ended_at = greatest(started_at, ${at.toISOString()}::timestamptz)
    WHERE monitor_id = ANY(${ids}::int[]) AND ended_at IS NULL`);
  await db.execute(sql`
    UPDATE monitor_states SET is_down = false, state_since = NULL, prober_states = '[]'::jsonb,
      last_check_at = NULL, last_status_code = NULL, last_status = NULL
    WHERE monitor_id = ANY(${ids}::int[])`);
}

/** Pauses or resumes one monitor when its `is_enabled` changes; nothing when it does not. */
export async function recordEnabledChange(
  db: Database,
  monitorId: number,
  change: { was: boolean; now: boolean; at: Date },
): Promise<void> {
  if (change.was && !change.now) await pauseMonitors(db, [monitorId], change.at);
  else if (!change.was && change.now) await resumeMonitors(db, [monitorId], change.at);
}
