import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export interface LockedMonitorState {
  monitorId: number;
  isDown: boolean;
  stateSince: Date | null;
  firstCheckAt: Date | null;
  lastCheckAt: Date | null;
  lastStatusCode: number | null;
  lastStatus: string | null;
  periodSeconds: number;
  protocolType: string;
  proberIds: number[];
}

export interface ProberState {
  monitorId: number;
  proberId: number;
  lastTime: Date;
  lastSuccess: boolean;
  consecutiveFailures: number;
  failingSince: Date | null;
}

const asDate = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

/**
 * Locks the state rows of these monitors (created when missing) in id order, so two batches
 * touching the same monitor take turns and cannot deadlock.
 */
export async function lockMonitorStates(db: Database, monitorIds: number[]): Promise<LockedMonitorState[]> {
  await db.execute(sql`INSERT INTO monitor_states (monitor_id)
    SELECT unnest(${sql.param(monitorIds)}::int[]) ON CONFLICT DO NOTHING`);
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT s.monitor_id, s.is_down, s.state_since, s.first_check_at, s.last_check_at, s.last_status_code, s.last_status,
      m.period_seconds, m.protocol_type,
      coalesce((SELECT array_agg(mp.prober_id) FROM monitor_probers mp WHERE mp.monitor_id = s.monitor_id), '{}') AS prober_ids
    FROM monitor_states s JOIN monitors m ON m.id = s.monitor_id
    WHERE s.monitor_id = ANY(${sql.param(monitorIds)}::int[])
    ORDER BY s.monitor_id
    FOR UPDATE OF s`);
  return result.rows.map((row) => ({
    monitorId: row.monitor_id as number,
    isDown: row.is_down as boolean,
    stateSince: asDate(row.state_since),
    firstCheckAt: asDate(row.first_check_at),
    lastCheckAt: asDate(row.last_check_at),
    lastStatusCode: (row.last_status_code as number | null) ?? null,
    lastStatus: (row.last_status as string | null) ?? null,
    periodSeconds: row.period_seconds as number,
    protocolType: row.protocol_type as string,
    proberIds: (row.prober_ids as number[]) ?? [],
  }));
}

export async function loadProberStates(db: Database, monitorIds: number[]): Promise<ProberState[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT monitor_id, prober_id, last_time, last_success, consecutive_failures, failing_since
    FROM prober_monitor_states WHERE monitor_id = ANY(${sql.param(monitorIds)}::int[])`);
  return result.rows.map((row) => ({
    monitorId: row.monitor_id as number,
    proberId: row.prober_id as number,
    lastTime: new Date(row.last_time as string),
    lastSuccess: row.last_success as boolean,
    consecutiveFailures: row.consecutive_failures as number,
    failingSince: asDate(row.failing_since),
  }));
}

export async function saveProberStates(db: Database, states: ProberState[]): Promise<void> {
  if (!states.length) return;
  const rows = JSON.stringify(
    states.map((state) => ({
      m: state.monitorId,
      p: state.proberId,
      t: state.lastTime.toISOString(),
      s: state.lastSuccess,
      c: state.consecutiveFailures,
      f: state.failingSince?.toISOString() ?? null,
    })),
  );
  await db.execute(sql`
    INSERT INTO prober_monitor_states (monitor_id, prober_id, last_time, last_success, consecutive_failures, failing_since)
    SELECT m, p, t, s, c, f FROM json_to_recordset(${rows}::json) AS u(m int, p int, t timestamptz, s boolean, c int, f timestamptz)
    ON CONFLICT (monitor_id, prober_id) DO UPDATE SET last_time = excluded.last_time, last_success = excluded.last_success,
      consecutive_failures = excluded.consecutive_failures, failing_since = excluded.failing_since`);
}

export interface MonitorStateUpdate {
  monitorId: number;
  isDown: boolean;
  stateSince: Date | null;
  firstCheckAt: Date;
  lastCheckAt: Date;
  lastStatusCode: number | null;
  lastStatus: string | null;
}

export async function saveMonitorStates(db: Database, updates: MonitorStateUpdate[]): Promise<void> {
  if (!updates.length) return;
  const rows = JSON.stringify(
    updates.map((update) => ({
      m: update.monitorId,
      d: update.isDown,
      ss: update.stateSince?.toISOString() ?? null,
      fc: update.firstCheckAt.toISOString(),
      lc: update.lastCheckAt.toISOString(),
      sc: update.lastStatusCode,
      st: update.lastStatus,
    })),
  );
  await db.execute(sql`
    UPDATE monitor_states s SET is_down = u.d, state_since = u.ss, first_check_at = u.fc, last_check_at = u.lc,
      last_status_code = u.sc, last_status = u.st
    FROM json_to_recordset(${rows}::json) AS u(m int, d boolean, ss timestamptz, fc timestamptz, lc timestamptz, sc smallint, st text)
    WHERE s.monitor_id = u.m`);
}

/** Opens a downtime and records the 'down' event for the alerting jobs, in the caller's transaction. */
export async function openDowntime(db: Database, monitorId: number, at: Date): Promise<void> {
  await db.execute(sql`
    WITH opened AS (
      INSERT INTO downtimes (monitor_id, from_time) VALUES (${monitorId}, ${at.toISOString()}::timestamptz)
      ON CONFLICT (monitor_id) WHERE to_time IS NULL DO NOTHING RETURNING id)
    INSERT INTO monitor_events (monitor_id, kind, at, downtime_id)
    SELECT ${monitorId}, 'down', ${at.toISOString()}::timestamptz, id FROM opened`);
}

/** Closes the open downtime and records the 'up' event. */
export async function closeDowntime(db: Database, monitorId: number, at: Date): Promise<void> {
  await db.execute(sql`
    WITH closed AS (
      UPDATE downtimes SET to_time = greatest(from_time, ${at.toISOString()}::timestamptz)
      WHERE monitor_id = ${monitorId} AND to_time IS NULL RETURNING id)
    INSERT INTO monitor_events (monitor_id, kind, at, downtime_id)
    SELECT ${monitorId}, 'up', ${at.toISOString()}::timestamptz, id FROM closed`);
}
