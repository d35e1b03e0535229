import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { hasSpanOverlapping } from '../maintenance/maintenance-spans.repository';

/** The SQL of heartbeat monitors: finding one by its ping secret, and its ping state. Times are epoch ms. */

/**
 * The demo's heartbeat (modules/demo) is none of the pings' or the sweep's: its pings, lateness and
 * downtimes are generated as a function of time by the demo's own writes, which also keep its
 * state row. A lateness decided here after a long stop — before the demo's catch-up runs, or with
 * the demo's job off — would file a record, a downtime and an alert for the demo that its history
 * does not have. Over `monitors AS m`.
 */
const REAL_MONITOR = sql`NOT m.is_demo`;

export interface PingTarget {
  monitorId: number;
  isEnabled: boolean;
  periodSeconds: number;
  graceSeconds: number;
  apdexMs: number;
}

export interface HeartbeatState {
  /** When it is late unless a success comes first; null when not armed. */
  deadline: number | null;
  startedAt: number | null;
}

export interface HeartbeatStateChange extends HeartbeatState {
  lastPingAt: number;
  lastPingKind: 'success' | 'start' | 'fail';
  lastPingNote: string | null;
}

/** The HEARTBEAT monitor whose ping secret hashes to this; null when none does (never a demo one: nobody pings it). */
export async function findPingTarget(db: Database, tokenHash: string): Promise<PingTarget | null> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT id, is_enabled, period_seconds, coalesce(grace_seconds, 0) AS grace_seconds, apdex_ms FROM monitors
    WHERE ping_token_hash = ${tokenHash} AND protocol_type = 'HEARTBEAT' AND NOT is_demo`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    monitorId: row.id as number,
    isEnabled: row.is_enabled as boolean,
    periodSeconds: row.period_seconds as number,
    graceSeconds: row.grace_seconds as number,
    apdexMs: row.apdex_ms as number,
  };
}

/**
 * Locks a heartbeat's state row (made on its first ping) and reads it. Pings and the lateness sweep
 * lock this row before the monitor_states row, always in that order, so they cannot deadlock.
 * Also tells whether the monitor is still enabled, read after the lock (a pause that committed
 * while the ping waited is seen), and whether a maintenance window of it covers `now`.
 */
export async function lockHeartbeatState(
  db: Database,
  monitorId: number,
  now: number,
): Promise<(HeartbeatState & { isEnabled: boolean; inMaintenance: boolean }) | null> {
  await db.execute(sql`INSERT INTO heartbeat_states (monitor_id) VALUES (${monitorId}) ON CONFLICT DO NOTHING`);
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT (extract(epoch FROM h.deadline) * 1000)::float8 AS deadline,
      (extract(epoch FROM h.started_at) * 1000)::float8 AS started_at, m.is_enabled,
      ${hasSpanOverlapping(sql`m.id`, now, now + 1)} AS in_maintenance
    FROM heartbeat_states h JOIN monitors m ON m.id = h.monitor_id
    WHERE h.monitor_id = ${monitorId} FOR UPDATE OF h`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    deadline: row.deadline as number | null,
    startedAt: row.started_at as number | null,
    isEnabled: row.is_enabled as boolean,
    inMaintenance: row.in_maintenance as boolean,
  };
}

const timestamp = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function saveHeartbeatState(db: Database, monitorId: number, change: HeartbeatStateChange) {
  await db.execute(sql`
    UPDATE heartbeat_states SET deadline = ${timestamp(change.deadline)}::timestamptz,
      started_at = ${timestamp(change.startedAt)}::timestamptz, last_ping_at = ${timestamp(change.lastPingAt)}::timestamptz,
      last_ping_kind = ${change.lastPingKind}, last_ping_note = ${change.lastPingNote}
    WHERE monitor_id = ${monitorId}`);
}

/** A heartbeat whose deadline passed, as the sweep needs it. */
export interface DueHeartbeat {
  monitorId: number;
  deadline: number;
  periodSeconds: number;
  graceSeconds: number;
  /** When its last pause ended, or null: lateness counts from there at the earliest. */
  resumedAt: number | null;
  /** A maintenance window of it is open now. */
  inMaintenance: boolean;
}

/**
 * The enabled real heartbeats past their deadline, locked; rows a ping or another sweep holds are
 * skipped (SKIP LOCKED): whoever holds one decides it, so a lateness is decided once.
 */
export async function lockDueHeartbeats(db: Database, now: number): Promise<DueHeartbeat[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT h.monitor_id, (extract(epoch FROM h.deadline) * 1000)::float8 AS deadline, m.period_seconds,
      coalesce(m.grace_seconds, 0) AS grace_seconds,
      (SELECT (extract(epoch FROM max(p.ended_at)) * 1000)::float8 FROM monitor_pauses p WHERE p.monitor_id = m.id)
        AS resumed_at,
      ${hasSpanOverlapping(sql`m.id`, now, now + 1)} AS in_maintenance
    FROM heartbeat_states h JOIN monitors m ON m.id = h.monitor_id
    WHERE h.deadline <= ${new Date(now).toISOString()}::timestamptz AND m.is_enabled AND ${REAL_MONITOR}
    ORDER BY h.monitor_id FOR UPDATE OF h SKIP LOCKED`);
  return result.rows.map((row) => ({
    monitorId: row.monitor_id as number,
    deadline: row.deadline as number,
    periodSeconds: row.period_seconds as number,
    graceSeconds: row.grace_seconds as number,
    resumedAt: row.resumed_at as number | null,
    inMaintenance: row.in_maintenance as boolean,
  }));
}

/** The UTC days (yyyy-mm-dd) of the deadlines already passed: the partitions a sweep will write into. */
export async function dueDays(db: Database, now: number): Promise<string[]> {
  const result = await db.execute<{ day: string }>(sql`
    SELECT DISTINCT to_char(h.deadline AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
    FROM heartbeat_states h JOIN monitors m ON m.id = h.monitor_id
    WHERE h.deadline <= ${new Date(now).toISOString()}::timestamptz AND ${REAL_MONITOR}`);
  return result.rows.map((row) => row.day);
}

/** Moves a locked heartbeat's deadline (re-armed after a pause) or disarms it (null: late now). */
export async function setDeadline(db: Database, monitorId: number, deadline: number | null): Promise<void> {
  await db.execute(sql`
    UPDATE heartbeat_states SET deadline = ${timestamp(deadline)}::timestamptz,
      started_at = CASE WHEN ${deadline === null} THEN NULL ELSE started_at END
    WHERE monitor_id = ${monitorId}`);
}

/** The earliest armed deadline after `now` of a real heartbeat, or null: when the sweep should next look. */
export async function nextDeadline(db: Database, now: number): Promise<number | null> {
  const result = await db.execute<{ deadline: number | null }>(sql`
    SELECT (extract(epoch FROM min(h.deadline)) * 1000)::float8 AS deadline
    FROM heartbeat_states h JOIN monitors m ON m.id = h.monitor_id
    WHERE h.deadline > ${new Date(now).toISOString()}::timestamptz AND ${REAL_MONITOR}`);
  return result.rows[0]?.deadline ?? null;
}

export interface HeartbeatStateRow {
  deadline: Date | null;
  startedAt: Date | null;
  lastPingAt: Date | null;
  lastPingKind: 'success' | 'start' | 'fail' | null;
  lastPingNote: string | null;
}

/** The ping states of these monitors, for their detail. */
export async function readHeartbeatStates(db: Database, monitorIds: number[]): Promise<Map<number, HeartbeatStateRow>> {
  if (!monitorIds.length) return new Map();
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT monitor_id, deadline, started_at, last_ping_at, last_ping_kind, last_ping_note FROM heartbeat_states
    WHERE monitor_id = ANY(${sql.param(monitorIds)}::int[])`);
  const date = (value: unknown) => (value === null ? null : new Date(value as string));
  return new Map(
    result.rows.map((row) => [
      row.monitor_id as number,
      {
        deadline: date(row.deadline),
        startedAt: date(row.started_at),
        lastPingAt: date(row.last_ping_at),
        lastPingKind: row.last_ping_kind as HeartbeatStateRow['lastPingKind'],
        lastPingNote: row.last_ping_note as string | null,
      },
    ]),
  );
}

/**
 * Moves an armed deadline by `deltaMs` (an edit changed period + grace by that much); returns the
 * new deadline, or null when none is armed.
 */
export async function shiftDeadline(db: Database, monitorId: number, deltaMs: number): Promise<number | null> {
  const result = await db.execute<{ deadline: number }>(sql`
    UPDATE heartbeat_states SET deadline = deadline + make_interval(secs => ${deltaMs / 1000})
    WHERE monitor_id = ${monitorId} AND deadline IS NOT NULL
    RETURNING (extract(epoch FROM deadline) * 1000)::float8 AS deadline`);
  return result.rows[0]?.deadline ?? null;
}

/** Replaces a heartbeat's ping secret (its hash and shown prefix): the old URL stops working at once. */
export async function setPingToken(db: Database, monitorId: number, hash: string, prefix: string): Promise<void> {
  await db.execute(
    sql`UPDATE monitors SET ping_token_hash = ${hash}, ping_token_prefix = ${prefix} WHERE id = ${monitorId}`,
  );
}
