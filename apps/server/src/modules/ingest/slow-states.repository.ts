import type { SlowAlertRule } from '@paydar/contracts/slow-alert';
import type { SlowEvent, SlowState } from '@paydar/domain/slow-response';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { StoredSlowCheck } from '../../db/schema/monitors';

/**
 * The slow-response states ingest reads and writes once per batch, and only for the batch's
 * monitors that have a rule: a batch without one costs no statement here. Callers hold the
 * monitors' monitor_states row locks (lockMonitorStates), which is what makes two batches of one
 * monitor take turns here too. Times cross the wire as epoch milliseconds, as in monitor-state.repository.
 */

export interface StoredSlowState extends SlowState {
  monitorId: number;
  /** The rule the window was built for. */
  rule: SlowAlertRule;
}

export interface MonitorSlowEvent extends SlowEvent {
  monitorId: number;
}

/**
 * The query reading the kept states of these monitors: run after their state rows are locked, by
 * readSlowStates or in the statement writing the states (saveMonitorStates' `read`); slowStatesFrom
 * reads its rows.
 */
export const slowStatesQuery = (monitorIds: number[]) => sql`
    SELECT monitor_id, rule, is_slow, (extract(epoch FROM since) * 1000)::float8 AS since, reason, recent_checks
    FROM monitor_slow_states WHERE monitor_id = ANY(${sql.param(monitorIds)}::int[])`;

/** The states in rows of slowStatesQuery, by monitor (monitors that have none are simply absent). */
export function slowStatesFrom(rows: Record<string, unknown>[]): Map<number, StoredSlowState> {
  return new Map(
    rows.map((row) => [
      row.monitor_id as number,
      {
        monitorId: row.monitor_id as number,
        rule: row.rule as SlowAlertRule,
        isSlow: row.is_slow as boolean,
        since: row.since as number | null,
        reason: row.reason as string | null,
        window: (row.recent_checks as StoredSlowCheck[]).map(([time, durationMs, success]) => ({
          time,
          durationMs,
          success: success === 1,
        })),
      },
    ]),
  );
}

/** The kept states of these monitors (ids of monitors that have none are simply absent). */
export async function readSlowStates(db: Database, monitorIds: number[]): Promise<Map<number, StoredSlowState>> {
  return slowStatesFrom((await db.execute<Record<string, unknown>>(slowStatesQuery(monitorIds))).rows);
}

const compactWindow = (state: SlowState): StoredSlowCheck[] =>
  state.window.map((check) => [check.time, check.durationMs, check.success ? 1 : 0]);

/**
 * Writes the states and records their `slow` / `slow_recovered` events for the alerting jobs, in
 * one statement. `fresh` are the monitors that had no row for this rule (their row is made, or
 * remade with the new rule); the others are updated in place, the rule left as it is. A monitor
 * paused while this batch waited for its state row gets no event (as openDowntime): the statement
 * runs after that wait and sees the pause. Windows and rules are read as `json` and cast, which is
 * twice as fast as json_to_recordset filling `jsonb` columns (saveMonitorStates says why it matters).
 */
export async function saveSlowStates(
  db: Database,
  states: StoredSlowState[],
  fresh: ReadonlySet<number>,
  events: MonitorSlowEvent[],
): Promise<void> {
  if (!states.length) return;
  const row = (state: StoredSlowState) => ({
    m: state.monitorId,
    sl: state.isSlow,
    si: state.since,
    re: state.reason,
    w: compactWindow(state),
  });
  const updates = JSON.stringify(states.filter((state) => !fresh.has(state.monitorId)).map(row));
  const inserts = JSON.stringify(
    states.filter((state) => fresh.has(state.monitorId)).map((state) => ({ ...row(state), r: state.rule })),
  );
  const eventRows = JSON.stringify(
    events.map((event) => ({ m: event.monitorId, k: event.kind, a: event.at, re: event.reason })),
  );
  await db.execute(sql`
    WITH updated AS (
      UPDATE monitor_slow_states s SET is_slow = u.sl, since = to_timestamp(u.si / 1000), reason = u.re,
        recent_checks = u.w::jsonb
      FROM json_to_recordset(${updates}::json) AS u(m int, sl boolean, si float8, re text, w json)
      WHERE s.monitor_id = u.m),
    inserted AS (
      INSERT INTO monitor_slow_states (monitor_id, rule, is_slow, since, reason, recent_checks)
      SELECT u.m, u.r::jsonb, u.sl, to_timestamp(u.si / 1000), u.re, u.w::jsonb
      FROM json_to_recordset(${inserts}::json) AS u(m int, r json, sl boolean, si float8, re text, w json)
      ON CONFLICT (monitor_id) DO UPDATE SET rule = excluded.rule, is_slow = excluded.is_slow,
        since = excluded.since, reason = excluded.reason, recent_checks = excluded.recent_checks)
    INSERT INTO monitor_events (monitor_id, kind, at, reason)
    SELECT e.m, e.k, to_timestamp(e.a / 1000), e.re
    FROM json_to_recordset(${eventRows}::json) AS e(m int, k text, a float8, re text)
    JOIN monitors ON monitors.id = e.m AND monitors.is_enabled`);
}
