import type { MaintenanceSpan } from '@paydar/domain/maintenance';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * The concrete occurrences of maintenance windows per monitor (`maintenance_spans`): what ingest,
 * alert dispatch and the metrics consult, through the (monitor_id, starts_at) index. Nothing here
 * expands a rule; `maintenance-spans.service.ts` writes the rows.
 */

/** No span is longer than a one-off window may be: bounds the index scan on starts_at. */
const LONGEST_SPAN_MS = 31 * 24 * 60 * 60 * 1000;

const iso = (ms: number) => new Date(ms).toISOString();

export interface MonitorSpan extends MaintenanceSpan {
  monitorId: number;
}

/** The index-friendly test that a span of `monitorId` overlaps [from, to). */
const overlaps = (monitorId: SQL, from: number, to: number) => sql`maintenance_spans.monitor_id = ${monitorId}
      AND maintenance_spans.starts_at < ${iso(to)}::timestamptz
      AND maintenance_spans.starts_at > ${iso(from - LONGEST_SPAN_MS)}::timestamptz
      AND maintenance_spans.ends_at > ${iso(from)}::timestamptz`;

/**
 * A column for another query: whether the monitor in `monitorId` (a column reference) has a span
 * overlapping [from, to). Ingest reads it with its monitors, so a batch whose monitors have no
 * window costs no query of its own.
 */
export const hasSpanOverlapping = (monitorId: SQL, from: number, to: number) =>
  sql`EXISTS (SELECT 1 FROM maintenance_spans WHERE ${overlaps(monitorId, from, to)})`;

/** The spans of these monitors that overlap [from, to), merged by nothing: callers test coverage. */
export async function spansOverlapping(
  db: Database,
  monitorIds: readonly number[],
  from: number,
  to: number,
): Promise<MonitorSpan[]> {
  if (!monitorIds.length || to <= from) return [];
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT monitor_id, (extract(epoch FROM starts_at) * 1000)::float8 AS starts_at,
      (extract(epoch FROM ends_at) * 1000)::float8 AS ends_at
    FROM maintenance_spans
    WHERE ${overlaps(sql`ANY(${sql.param([...monitorIds])}::int[])`, from, to)}
    ORDER BY monitor_id, starts_at`);
  return result.rows.map((row) => ({
    monitorId: row.monitor_id as number,
    from: row.starts_at as number,
    to: row.ends_at as number,
  }));
}

/** Spans of `spansOverlapping` grouped by monitor. */
export function byMonitor(spans: readonly MonitorSpan[]): Map<number, MaintenanceSpan[]> {
  const grouped = new Map<number, MaintenanceSpan[]>();
  for (const span of spans) {
    const list = grouped.get(span.monitorId) ?? [];
    list.push({ from: span.from, to: span.to });
    grouped.set(span.monitorId, list);
  }
  return grouped;
}

/**
 * Which of these (monitor, time) pairs fall inside a span of their monitor: one query for a whole
 * batch (alert dispatch asks this for its events). Returns the indexes of the covered pairs.
 */
export async function coveredPairs(
  db: Database,
  pairs: ReadonlyArray<{ monitorId: number; at: number }>,
): Promise<Set<number>> {
  if (!pairs.length) return new Set();
  const result = await db.execute<{ i: number }>(sql`
    SELECT p.i FROM unnest(${sql.param(pairs.map((pair) => pair.monitorId))}::int[],
      ${sql.param(pairs.map((pair) => iso(pair.at)))}::timestamptz[]) WITH ORDINALITY AS p(monitor_id, at, i)
    WHERE EXISTS (SELECT 1 FROM maintenance_spans s WHERE s.monitor_id = p.monitor_id
      AND s.starts_at <= p.at AND s.starts_at > p.at - interval '31 days' AND s.ends_at > p.at)`);
  return new Set(result.rows.map((row) => Number(row.i) - 1));
}

/**
 * Ends each monitor's open downtime at the start of the window it ran into (`starts`: monitor →
 * epoch ms), marked as ended by maintenance: no 'up' event, so nothing is alerted.
 */
export async function endDowntimesForMaintenance(db: Database, starts: ReadonlyMap<number, number>): Promise<void> {
  if (!starts.size) return;
  await db.execute(sql`
    UPDATE downtimes d SET to_time = greatest(d.from_time, s.at), ended_by = 'maintenance'
    FROM unnest(${sql.param([...starts.keys()])}::int[], ${sql.param([...starts.values()].map(iso))}::timestamptz[])
      AS s(monitor_id, at)
    WHERE d.monitor_id = s.monitor_id AND d.to_time IS NULL`);
}

/**
 * Puts monitors whose window is going on into maintenance now, outside ingest (a window created or
 * edited while they are down): their open downtimes end at the window's start and their state is
 * forgotten as a pause forgets it (down/up, the probers' runs, an open confirmation round), so the
 * state machine starts afresh after the window. The state rows are locked in id order first, as
 * ingest locks them, so the two cannot deadlock.
 */
export async function enterMaintenanceNow(db: Database, starts: ReadonlyMap<number, number>): Promise<void> {
  if (!starts.size) return;
  const ids = sql.param([...starts.keys()].sort((a, b) => a - b));
  await db.execute(sql`SELECT monitor_id FROM monitor_states WHERE monitor_id = ANY(${ids}::int[])
    ORDER BY monitor_id FOR UPDATE`);
  await endDowntimesForMaintenance(db, starts);
  await db.execute(sql`
    UPDATE monitor_states SET is_down = false, state_since = NULL, prober_states = '[]'::jsonb,
      confirming_since = NULL, confirming_opened_at = NULL
    WHERE monitor_id = ANY(${ids}::int[])`);
}

/** Of these monitor events, the ids of those whose time falls inside a maintenance span of their monitor (one query). */
export async function eventsInMaintenance(
  db: Database,
  events: ReadonlyArray<{ id: number; monitorId: number; at: Date }>,
): Promise<Set<number>> {
  const covered = await coveredPairs(
    db,
    events.map((event) => ({ monitorId: event.monitorId, at: event.at.getTime() })),
  );
  return new Set(events.filter((_, index) => covered.has(index)).map((event) => event.id));
}

/**
 * Marks these monitors' state rows changed (locked in id order, as ingest locks them), so the
 * cached metric answers, versioned by the rows' xmin and told by their triggers, are computed
 * again with the new spans.
 */
export async function touchStates(db: Database, monitorIds: readonly number[]): Promise<void> {
  if (!monitorIds.length) return;
  const ids = sql.param([...new Set(monitorIds)].sort((a, b) => a - b));
  await db.execute(sql`SELECT monitor_id FROM monitor_states WHERE monitor_id = ANY(${ids}::int[])
    ORDER BY monitor_id FOR UPDATE`);
  await db.execute(sql`UPDATE monitor_states SET monitor_id = monitor_id WHERE monitor_id = ANY(${ids}::int[])`);
}

export interface MaintenanceAround {
  maintenance: Array<{ from: number; to: number | null }>;
  maintenanceUntil: Date | null;
}

/** maintenanceAround from the spans read: those of the day and those going on at `now`. */
function maintenanceFrom(spans: readonly MaintenanceSpan[], current: readonly MaintenanceSpan[], now: number) {
  const until = current.reduce<number | null>((latest, span) => Math.max(latest ?? span.to, span.to), null);
  return {
    maintenance: spans
      .filter((span) => span.from <= now)
      .map((span) => ({ from: span.from, to: span.to > now ? null : span.to })),
    maintenanceUntil: until === null ? null : new Date(until),
  };
}

/**
 * For a metric answer: the maintenance spans touching `day` that have begun by `now` (an ongoing
 * one with `to` null, as an ongoing pause is), and when the maintenance going on at `now` ends.
 */
export async function maintenanceAround(
  db: Database,
  monitorId: number,
  day: { from: number; to: number },
  now: number,
): Promise<MaintenanceAround> {
  return (await maintenanceAroundMany(db, [monitorId], day, now)).get(monitorId) ?? maintenanceFrom([], [], now);
}

/** maintenanceAround for many monitors in two queries, by monitor id (each asked monitor has an entry). */
export async function maintenanceAroundMany(
  db: Database,
  monitorIds: readonly number[],
  day: { from: number; to: number },
  now: number,
): Promise<Map<number, MaintenanceAround>> {
  const [spans, current] = await Promise.all([
    spansOverlapping(db, monitorIds, day.from, Math.min(day.to, now + 1)),
    spansOverlapping(db, monitorIds, now, now + 1),
  ]);
  const spansOf = byMonitor(spans);
  const currentOf = byMonitor(current);
  return new Map(
    monitorIds.map((id) => [id, maintenanceFrom(spansOf.get(id) ?? [], currentOf.get(id) ?? [], now)] as const),
  );
}

/** The distinct times in (from, to] at which some span starts or ends (of one window, or any), earliest first. */
export async function upcomingBoundaries(
  db: Database,
  from: number,
  to: number,
  windowId?: number,
  limit = 500,
): Promise<number[]> {
  const ofWindow = windowId === undefined ? sql`true` : sql`window_id = ${windowId}`;
  const result = await db.execute<{ at: string | Date }>(sql`
    SELECT at FROM (
      SELECT starts_at AS at FROM maintenance_spans
        WHERE starts_at > ${iso(from)}::timestamptz AND starts_at <= ${iso(to)}::timestamptz AND ${ofWindow}
      UNION
      SELECT ends_at FROM maintenance_spans
        WHERE ends_at > ${iso(from)}::timestamptz AND ends_at <= ${iso(to)}::timestamptz AND ${ofWindow}
    ) boundaries ORDER BY at LIMIT ${limit}`);
  return result.rows.map((row) => new Date(row.at).getTime());
}

/** The monitors a span of which starts or ends at `at` (to the millisecond). */
export async function monitorsAtBoundary(db: Database, at: number): Promise<number[]> {
  const from = iso(at - 1);
  const to = iso(at + 1);
  const result = await db.execute<{ monitor_id: number }>(sql`
    SELECT monitor_id FROM maintenance_spans WHERE starts_at BETWEEN ${from}::timestamptz AND ${to}::timestamptz
    UNION
    SELECT monitor_id FROM maintenance_spans WHERE ends_at BETWEEN ${from}::timestamptz AND ${to}::timestamptz`);
  return result.rows.map((row) => row.monitor_id);
}
