import { type AlertRules, DEFAULT_ALERT_RULES } from '@paydar/contracts/alert-rules';
import type { Calendar } from '@paydar/contracts/calendars';
import { type AlertPolicyState, INITIAL_ALERT_STATE, type PolicyEvent } from '@paydar/domain/alert-policy';
import type { DowntimeEnd } from '@paydar/domain/downtimes';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** A monitor's alert state, locked, with what deciding on it needs. */
export interface RuleSubject {
  monitorId: number;
  state: AlertPolicyState;
  wakeAt: number | null;
  rules: AlertRules;
  periodMs: number;
  /** The owner's zone and calendar, for a time inside a reason. */
  timeZone: string;
  calendar: Calendar;
  isEnabled: boolean;
  lastStatusCode: number | null;
  lastStatus: string | null;
  /** What ended the downtime the state is about: 'pause' or 'maintenance' means nothing more is told of it. */
  downtimeEndedBy: DowntimeEnd | null;
}

const SUBJECT_COLUMNS = sql`a.monitor_id, a.state, (extract(epoch FROM a.wake_at) * 1000)::float8 AS wake_at,
  m.alert_rules, m.period_seconds, m.is_enabled, u.time_zone, u.calendar, s.last_status_code, s.last_status, d.ended_by`;
const SUBJECT_JOINS = sql`JOIN monitors m ON m.id = a.monitor_id
  JOIN users u ON u.id = m.user_id
  LEFT JOIN monitor_states s ON s.monitor_id = a.monitor_id
  LEFT JOIN downtimes d ON d.id = (a.state->>'downtimeId')::int`;

function toSubject(row: Record<string, unknown>): RuleSubject {
  return {
    monitorId: row.monitor_id as number,
    // A state written by an older version lacks the newer fields: the initial values fill them.
    state: { ...INITIAL_ALERT_STATE, ...(row.state as Partial<AlertPolicyState>) },
    wakeAt: row.wake_at as number | null,
    rules: { ...DEFAULT_ALERT_RULES, ...(row.alert_rules as Partial<AlertRules>) },
    periodMs: (row.period_seconds as number) * 1000,
    timeZone: row.time_zone as string,
    calendar: row.calendar as Calendar,
    isEnabled: row.is_enabled as boolean,
    lastStatusCode: row.last_status_code as number | null,
    lastStatus: row.last_status as string | null,
    downtimeEndedBy: row.ended_by as DowntimeEnd | null,
  };
}

/**
 * The monitors' alert states, made when missing and locked in monitor-id order (so two
 * transactions locking several never deadlock). A monitor deleted meanwhile is simply absent.
 */
export async function lockAlertStates(db: Database, monitorIds: number[]): Promise<RuleSubject[]> {
  if (!monitorIds.length) return [];
  const ids = [...new Set(monitorIds)].sort((a, b) => a - b);
  await db.execute(sql`
    INSERT INTO monitor_alert_states (monitor_id, state)
    SELECT id, ${JSON.stringify(INITIAL_ALERT_STATE)}::jsonb FROM monitors
    WHERE id = ANY(${sql.param(ids)}::int[]) ORDER BY id
    ON CONFLICT (monitor_id) DO NOTHING`);
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT ${SUBJECT_COLUMNS} FROM monitor_alert_states a ${SUBJECT_JOINS}
    WHERE a.monitor_id = ANY(${sql.param(ids)}::int[])
    ORDER BY a.monitor_id FOR UPDATE OF a`);
  return result.rows.map(toSubject);
}

/**
 * Up to `limit` states whose wake-up is due by `now`, locked; a state a dispatcher or another
 * waker holds is skipped (it is being moved; its holder reads the clock too).
 */
export async function lockDueAlertStates(db: Database, now: Date, limit: number): Promise<RuleSubject[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT ${SUBJECT_COLUMNS} FROM monitor_alert_states a ${SUBJECT_JOINS}
    WHERE a.wake_at <= ${now.toISOString()}::timestamptz
    ORDER BY a.monitor_id LIMIT ${limit} FOR UPDATE OF a SKIP LOCKED`);
  return result.rows.map(toSubject);
}

export async function saveAlertState(
  db: Database,
  monitorId: number,
  state: AlertPolicyState,
  wakeAt: number | null,
  now: Date,
): Promise<void> {
  await db.execute(sql`
    UPDATE monitor_alert_states SET state = ${JSON.stringify(state)}::jsonb,
      wake_at = ${wakeAt === null ? null : new Date(wakeAt).toISOString()}::timestamptz,
      is_flapping = ${state.phase === 'flapping'}, updated_at = ${now.toISOString()}::timestamptz
    WHERE monitor_id = ${monitorId}`);
}

/** The messages the rules decided, as monitor events of origin 'rules', for dispatch to send. */
export async function insertRuleEvents(db: Database, monitorId: number, events: PolicyEvent[]): Promise<void> {
  if (!events.length) return;
  const rows = JSON.stringify(
    events.map((event) => ({
      k: event.kind,
      a: new Date(event.at).toISOString(),
      r: event.reason,
      d: event.downtimeId,
    })),
  );
  await db.execute(sql`
    INSERT INTO monitor_events (monitor_id, kind, at, reason, downtime_id, origin)
    SELECT ${monitorId}, e.k, e.a, e.r, (SELECT id FROM downtimes WHERE id = e.d), 'rules'
    FROM json_to_recordset(${rows}::json) AS e(k text, a timestamptz, r text, d int)`);
}

/** What ended each of these downtimes (absent: still open, or gone). */
export async function downtimesEndedBy(db: Database, ids: number[]): Promise<Map<number, DowntimeEnd>> {
  if (!ids.length) return new Map();
  const result = await db.execute<{ id: number; ended_by: DowntimeEnd | null }>(sql`
    SELECT id, ended_by FROM downtimes WHERE id = ANY(${sql.param([...new Set(ids)])}::int[]) AND ended_by IS NOT NULL`);
  return new Map(result.rows.map((row) => [row.id, row.ended_by as DowntimeEnd]));
}

/**
 * Per monitor, the oldest of ingest's down/up events not yet processed and not among `takenIds`:
 * one another dispatcher holds. A later transition of that monitor waits for it, so each
 * monitor's transitions reach the rules in the order ingest made them.
 */
export async function oldestTransitionsElsewhere(
  db: Database,
  monitorIds: number[],
  takenIds: number[],
): Promise<Map<number, number>> {
  if (!monitorIds.length) return new Map();
  const result = await db.execute<{ monitor_id: number; id: number }>(sql`
    SELECT monitor_id, min(id) AS id FROM monitor_events
    WHERE monitor_id = ANY(${sql.param([...new Set(monitorIds)])}::int[]) AND processed_at IS NULL
      AND origin = 'ingest' AND kind IN ('down', 'up') AND NOT (id = ANY(${sql.param(takenIds)}::int[]))
    GROUP BY monitor_id`);
  return new Map(result.rows.map((row) => [row.monitor_id, row.id]));
}
