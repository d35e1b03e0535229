import { type SQL, sql } from 'drizzle-orm';
import { CHANGE_CHANNEL } from '../../db/change-feed';
import type { Database } from '../../db/client';
import type { StoredProberState } from '../../db/schema/monitors';

/**
 * The state rows ingest locks, reads and writes once per batch: one row per monitor, holding its
 * probers' latest verdicts too. Times cross the wire as epoch milliseconds (float8) rather than
 * timestamptz: node-postgres parses a timestamp string into a Date far more slowly than a number,
 * and a batch moves thousands of them.
 */

export type ProberState = StoredProberState;

/** A monitor's kept state. Times are epoch milliseconds. */
export interface MonitorState {
  monitorId: number;
  isDown: boolean;
  stateSince: number | null;
  firstCheckAt: number | null;
  lastCheckAt: number | null;
  lastStatusCode: number | null;
  lastStatus: string | null;
  proberStates: ProberState[];
  /** When the open confirmation round began (the contradicting result's time); null when none is open. */
  roundSince: number | null;
  /** When that round opened on the server's clock: its wait for silent probers runs from there. */
  roundOpenedAt: number | null;
}

const epochMs = (column: string) => sql.raw(`(extract(epoch FROM ${column}) * 1000)::float8`);

async function selectForUpdate(db: Database, monitorIds: number[]): Promise<MonitorState[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT monitor_id, is_down, ${epochMs('state_since')} AS state_since,
      ${epochMs('first_check_at')} AS first_check_at, ${epochMs('last_check_at')} AS last_check_at,
      last_status_code, last_status, prober_states, ${epochMs('confirming_since')} AS confirming_since,
      ${epochMs('confirming_opened_at')} AS confirming_opened_at
    FROM monitor_states WHERE monitor_id = ANY(${sql.param(monitorIds)}::int[])
    ORDER BY monitor_id FOR UPDATE`);
  return result.rows.map((row) => ({
    monitorId: row.monitor_id as number,
    isDown: row.is_down as boolean,
    stateSince: row.state_since as number | null,
    firstCheckAt: row.first_check_at as number | null,
    lastCheckAt: row.last_check_at as number | null,
    lastStatusCode: row.last_status_code as number | null,
    lastStatus: row.last_status as string | null,
    proberStates: row.prober_states as ProberState[],
    roundSince: row.confirming_since as number | null,
    roundOpenedAt: row.confirming_opened_at as number | null,
  }));
}

/**
 * Locks the state rows of these monitors (sorted ids) in id order, so two batches touching the
 * same monitor take turns and cannot deadlock, and reads them. A monitor's row is made by its
 * first batch.
 */
export async function lockMonitorStates(db: Database, monitorIds: number[]): Promise<MonitorState[]> {
  const states = await selectForUpdate(db, monitorIds);
  if (states.length === monitorIds.length) return states;
  const found = new Set(states.map((state) => state.monitorId));
  const missing = monitorIds.filter((id) => !found.has(id));
  await db.execute(sql`INSERT INTO monitor_states (monitor_id)
    SELECT unnest(${sql.param(missing)}::int[]) ON CONFLICT DO NOTHING`);
  return [...states, ...(await selectForUpdate(db, missing))].sort((a, b) => a.monitorId - b.monitorId);
}

/** A NOTIFY payload stays under PostgreSQL's 8000 bytes; past this many characters of ids it says '*'. */
const MAX_ANNOUNCED_IDS_LENGTH = 7000;

/** A NOTIFY to send with a states write (delivered on commit, as every NOTIFY). */
export interface Notice {
  channel: string;
  payload: string;
}

/** What else the statement writing the states does; see saveMonitorStates. */
export interface AlongsideStates {
  /** Sent from the same statement. */
  notices?: Notice[];
  /** A SELECT run in the same statement, after the state rows were locked: its rows are returned. */
  read?: SQL;
}

/**
 * Writes the monitors' new states, their probers' verdicts included, in one statement that also
 * tells every replica's caches (db/change-feed.ts) and live streams (modules/live) of them, in one
 * NOTIFY, and stamps them with one change stamp. The `stamp` row is joined to every written row, so
 * it is computed, and the per-row triggers stood aside for the rest of the transaction, before the
 * first row's triggers fire (migrations 0013_change_notifications, live_change_seq); the stamp is
 * taken after the rows were locked (lockMonitorStates), so stamps follow the commits of each row.
 *
 * It runs while the rows are locked, where each statement and each millisecond is the wait of the
 * next batch of these monitors: so `alongside` lets the caller's NOTIFYs and a read (the slow-response
 * states) share it. The verdicts are read as `json` and cast: json_to_recordset fills a `jsonb`
 * column of nested JSON more than twice as slowly (9 ms against 4 ms for 1,000 rows, measured).
 */
export async function saveMonitorStates(
  db: Database,
  states: MonitorState[],
  alongside: AlongsideStates = {},
): Promise<Record<string, unknown>[]> {
  const { notices = [], read } = alongside;
  if (!states.length) {
    for (const notice of notices) await db.execute(sql`SELECT pg_notify(${notice.channel}, ${notice.payload})`);
    return read ? (await db.execute<Record<string, unknown>>(read)).rows : [];
  }
  const ids = states.map((state) => state.monitorId).join(',');
  const announcement = `monitor:${ids.length > MAX_ANNOUNCED_IDS_LENGTH ? '*' : ids}`;
  const rows = JSON.stringify(
    states.map((state) => ({
      m: state.monitorId,
      d: state.isDown,
      ss: state.stateSince,
      fc: state.firstCheckAt,
      lc: state.lastCheckAt,
      sc: state.lastStatusCode,
      st: state.lastStatus,
      ps: state.proberStates,
      cs: state.roundSince,
      co: state.roundOpenedAt,
    })),
  );
  const result = await db.execute<Record<string, unknown>>(sql`
    WITH stamp AS MATERIALIZED (
      SELECT set_config('paydar.states_announced', 'on', true) AS quiet,
        pg_notify(${CHANGE_CHANNEL}, ${announcement}) AS announced,
        (SELECT count(pg_notify(n.c, n.p)) FROM json_to_recordset(${JSON.stringify(
          notices.map((notice) => ({ c: notice.channel, p: notice.payload })),
        )}::json) AS n(c text, p text)) AS noticed,
        nextval('monitor_change_seq') AS seq),
    written AS (
      UPDATE monitor_states s SET is_down = u.d, state_since = to_timestamp(u.ss / 1000),
        first_check_at = to_timestamp(u.fc / 1000), last_check_at = to_timestamp(u.lc / 1000),
        last_status_code = u.sc, last_status = u.st, prober_states = u.ps::jsonb,
        confirming_since = to_timestamp(u.cs / 1000), confirming_opened_at = to_timestamp(u.co / 1000),
        change_seq = stamp.seq
      FROM json_to_recordset(${rows}::json)
        AS u(m int, d boolean, ss float8, fc float8, lc float8, sc smallint, st text, ps json, cs float8, co float8),
        stamp
      WHERE s.monitor_id = u.m)
    ${read ?? sql`SELECT 1 AS written WHERE false`}`);
  return result.rows;
}

/**
 * Opens a downtime and records the 'down' event for the alerting jobs, in the caller's transaction,
 * with the reason the checks gave when it was decided (not whatever the monitor's state says later).
 * Not for a paused monitor: a batch that read the monitor as enabled and then waited for its state
 * row while the pause committed must not open a downtime (and alert) after the pause — this
 * statement runs after that wait, so it sees the pause.
 */
export async function openDowntime(
  db: Database,
  monitorId: number,
  at: number,
  reason: string | null = null,
): Promise<void> {
  const time = new Date(at).toISOString();
  await db.execute(sql`
    WITH opened AS (
      INSERT INTO downtimes (monitor_id, from_time, reason)
      SELECT id, ${time}::timestamptz, ${reason} FROM monitors WHERE id = ${monitorId} AND is_enabled
      ON CONFLICT (monitor_id) WHERE to_time IS NULL DO NOTHING RETURNING id)
    INSERT INTO monitor_events (monitor_id, kind, at, downtime_id, reason)
    SELECT ${monitorId}, 'down', ${time}::timestamptz, id, ${reason} FROM opened`);
}

/** Closes the open downtime and records the 'up' event. */
export async function closeDowntime(db: Database, monitorId: number, at: number): Promise<void> {
  const time = new Date(at).toISOString();
  await db.execute(sql`
    WITH closed AS (
      UPDATE downtimes SET to_time = greatest(from_time, ${time}::timestamptz)
      WHERE monitor_id = ${monitorId} AND to_time IS NULL RETURNING id)
    INSERT INTO monitor_events (monitor_id, kind, at, downtime_id)
    SELECT ${monitorId}, 'up', ${time}::timestamptz, id FROM closed`);
}
