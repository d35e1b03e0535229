import type { ApdexCounts } from '@paydar/domain/apdex';
import type { DowntimeInterval, Span } from '@paydar/domain/downtimes';
import type { ReaderDays } from '@paydar/domain/local-day';
import { emptyRollup, type Rollup } from '@paydar/domain/rollup';
import { DAY_MS } from '@paydar/domain/time';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { HEARTBEAT_PROBER_ID, HEARTBEAT_PROBER_NAME } from '../heartbeats/heartbeat-verdict';

/**
 * Reads for the metric calls. Everything but `listProbeRecords` reads quarter_rollups (through its
 * primary key, monitor_id + quarter range; a local day or hour of any zone is a whole number of quarters) and downtimes, so a metric costs the same whether the
 * monitor is checked every 5 s or every 30 min. Sums are cast: sum(real) is a float4 and sum(int) a
 * bigint, which node-pg would hand back as a string.
 */

const iso = (ms: number) => new Date(ms).toISOString();
const asDate = (value: unknown) => (value instanceof Date ? value : new Date(value as string));
const toNumber = (value: unknown) => Number(value ?? 0);

/** The sums of a group of quarter_rollups rows (alias `r`), read back with toRollup. */
export const ROLLUP_SUMS = sql`
  sum(r.checks)::int AS checks, sum(r.failures)::int AS failures,
  sum(r.satisfied)::int AS satisfied, sum(r.tolerating)::int AS tolerating, sum(r.frustrated)::int AS frustrated,
  sum(r.bucket_0)::int AS bucket_0, sum(r.bucket_1)::int AS bucket_1, sum(r.bucket_2)::int AS bucket_2,
  sum(r.bucket_3)::int AS bucket_3, sum(r.bucket_4)::int AS bucket_4, sum(r.bucket_5)::int AS bucket_5,
  sum(r.bucket_6)::int AS bucket_6, sum(r.bucket_7)::int AS bucket_7,
  sum(r.duration_sum::float8) AS duration_sum,
  sum(r.resolve_sum::float8) AS resolve_sum, sum(r.resolve_count)::int AS resolve_count,
  sum(r.connect_sum::float8) AS connect_sum, sum(r.connect_count)::int AS connect_count,
  sum(r.tls_sum::float8) AS tls_sum, sum(r.tls_count)::int AS tls_count,
  sum(r.response_sum::float8) AS response_sum, sum(r.response_count)::int AS response_count`;

const APDEX_SUMS = sql`
  sum(r.satisfied)::int AS satisfied, sum(r.tolerating)::int AS tolerating, sum(r.frustrated)::int AS frustrated`;

/** The domain's Rollup from a row of ROLLUP_SUMS. */
export function toRollup(row: Record<string, unknown>): Rollup {
  const rollup = emptyRollup();
  rollup.count = toNumber(row.checks);
  rollup.failures = toNumber(row.failures);
  rollup.satisfied = toNumber(row.satisfied);
  rollup.tolerating = toNumber(row.tolerating);
  rollup.frustrated = toNumber(row.frustrated);
  rollup.buckets = rollup.buckets.map((_, index) => toNumber(row[`bucket_${index}`]));
  rollup.sums = {
    duration: toNumber(row.duration_sum),
    resolve: toNumber(row.resolve_sum),
    connect: toNumber(row.connect_sum),
    tls: toNumber(row.tls_sum),
    response: toNumber(row.response_sum),
  };
  rollup.counts = {
    resolve: toNumber(row.resolve_count),
    connect: toNumber(row.connect_count),
    tls: toNumber(row.tls_count),
    response: toNumber(row.response_count),
  };
  return rollup;
}

const toApdexCounts = (row: Record<string, unknown>): ApdexCounts => ({
  satisfied: toNumber(row.satisfied),
  tolerating: toNumber(row.tolerating),
  frustrated: toNumber(row.frustrated),
});

export interface ProberRollup {
  proberId: number;
  name: string;
  countryCode: string;
  rollup: Rollup;
}

/** The name of a prober that has no row: a heartbeat's pings (modules/heartbeats), or one deleted since. */
export const standInProberName = (id: number) => (id === HEARTBEAT_PROBER_ID ? HEARTBEAT_PROBER_NAME : `Prober ${id}`);

/** Per prober, its rollups of [from, to) summed; a prober deleted since keeps its id with a stand-in name. */
export async function rollupsByProber(db: Database, monitorId: number, span: Span): Promise<ProberRollup[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT r.prober_id, min(p.name) AS name, min(p.country_code) AS country_code, ${ROLLUP_SUMS}
    FROM quarter_rollups r LEFT JOIN probers p ON p.id = r.prober_id
    WHERE r.monitor_id = ${monitorId} AND r.quarter >= ${iso(span.from)}::timestamptz AND r.quarter < ${iso(span.to)}::timestamptz
    GROUP BY r.prober_id ORDER BY r.prober_id`);
  return result.rows.map((row) => ({
    proberId: toNumber(row.prober_id),
    name: (row.name as string | null) ?? standInProberName(toNumber(row.prober_id)),
    countryCode: (row.country_code as string | null) ?? '',
    rollup: toRollup(row),
  }));
}

/**
 * Apdex counts per hour of [from, to), probers merged, the hours counted from `from` (a local hour
 * start: in Tehran the hour 00:00–01:00 is the quarters 20:30–21:30 UTC). Hours without results are absent.
 */
export async function apdexByHour(
  db: Database,
  monitorId: number,
  span: Span,
): Promise<Array<{ hour: Date; rollup: Rollup }>> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT date_bin('1 hour', r.quarter, ${iso(span.from)}::timestamptz) AS hour, ${APDEX_SUMS}
    FROM quarter_rollups r
    WHERE r.monitor_id = ${monitorId} AND r.quarter >= ${iso(span.from)}::timestamptz AND r.quarter < ${iso(span.to)}::timestamptz
    GROUP BY 1`);
  return result.rows.map((row) => ({ hour: asDate(row.hour), rollup: { ...emptyRollup(), ...toApdexCounts(row) } }));
}

/**
 * Apdex counts per day of [from, to) in the reader's days, keyed by the day's date (named by its
 * 00:00 UTC). Every zone's midnight falls on a quarter hour, so each day is exactly its own rows
 * (Tehran's 00:00–00:30 included). The days' spans are computed here, so the database needs no zone
 * of its own and a 23- or 25-hour day is cut where it is; each day is summed by its own range of the
 * primary key (a lateral join), since binning 90 days of quarters row by row (width_bucket over the
 * days' starts) cost four times what it did over hours.
 */
export async function apdexByDay(
  db: Database,
  monitorId: number,
  span: Span,
  days: ReaderDays,
): Promise<Map<number, ApdexCounts>> {
  if (span.from >= span.to) return new Map();
  const dates: number[] = [];
  const froms: string[] = [];
  const tos: string[] = [];
  for (let date = days.dateOf(span.from); ; date += DAY_MS) {
    const day = days.spanOf(date);
    if (day.start >= span.to) break;
    dates.push(date);
    froms.push(iso(Math.max(day.start, span.from)));
    tos.push(iso(Math.min(day.end, span.to)));
  }
  if (!dates.length) return new Map();
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT d.i AS day_index, s.*
    FROM unnest(${sql.param(froms)}::timestamptz[], ${sql.param(tos)}::timestamptz[]) WITH ORDINALITY AS d(from_time, to_time, i)
    CROSS JOIN LATERAL (
      SELECT count(*) AS rows, ${APDEX_SUMS} FROM quarter_rollups r
      WHERE r.monitor_id = ${monitorId} AND r.quarter >= d.from_time AND r.quarter < d.to_time) s
    WHERE s.rows > 0`);
  // WITH ORDINALITY counts from 1.
  return new Map(result.rows.map((row) => [dates[toNumber(row.day_index) - 1] as number, toApdexCounts(row)]));
}

/**
 * The intervals of `table` that may touch [from, to), for each of these monitors: those starting
 * inside it, and the last one starting before it (a monitor's downtimes, like its pauses, follow one
 * another, so only that one can reach into the span). Reading from the (monitor, start) index this
 * way does not walk a monitor's whole history, however many monitors are asked at once.
 */
async function intervalsAround(
  db: Database,
  table: 'downtimes' | 'pauses',
  monitorIds: readonly number[],
  span: Span,
): Promise<Array<Record<string, unknown>>> {
  if (!monitorIds.length) return [];
  const from = iso(span.from);
  const to = iso(span.to);
  const ids = sql`${sql.param([...monitorIds])}::int[]`;
  const result =
    table === 'downtimes'
      ? await db.execute<Record<string, unknown>>(sql`
    SELECT monitor_id, from_time, to_time, ended_by, reason FROM downtimes
    WHERE monitor_id = ANY(${ids}) AND from_time >= ${from}::timestamptz AND from_time < ${to}::timestamptz
    UNION ALL
    SELECT m.id, last.* FROM unnest(${ids}) AS m(id) CROSS JOIN LATERAL
    (SELECT from_time, to_time, ended_by, reason FROM downtimes
     WHERE monitor_id = m.id AND from_time < ${from}::timestamptz
     ORDER BY from_time DESC LIMIT 1) last`)
      : await db.execute<Record<string, unknown>>(sql`
    SELECT monitor_id, started_at AS from_time, ended_at AS to_time FROM monitor_pauses
    WHERE monitor_id = ANY(${ids}) AND started_at >= ${from}::timestamptz AND started_at < ${to}::timestamptz
    UNION ALL
    SELECT m.id, last.* FROM unnest(${ids}) AS m(id) CROSS JOIN LATERAL
    (SELECT started_at, ended_at FROM monitor_pauses
     WHERE monitor_id = m.id AND started_at < ${from}::timestamptz
     ORDER BY started_at DESC LIMIT 1) last`);
  return result.rows;
}

const toInterval = (row: Record<string, unknown>): DowntimeInterval => ({
  from: asDate(row.from_time),
  to: row.to_time === null ? null : asDate(row.to_time),
});

const toDowntime = (row: Record<string, unknown>): DowntimeInterval => ({
  ...toInterval(row),
  endedBy: row.ended_by === 'pause' || row.ended_by === 'maintenance' ? row.ended_by : 'recovery',
  reason: typeof row.reason === 'string' ? row.reason : null,
});

/** Rows of intervalsAround grouped by monitor; a monitor without any has an empty list. */
function groupByMonitor(
  monitorIds: readonly number[],
  rows: Array<Record<string, unknown>>,
  toItem: (row: Record<string, unknown>) => DowntimeInterval,
): Map<number, DowntimeInterval[]> {
  const grouped = new Map<number, DowntimeInterval[]>(monitorIds.map((id) => [id, []]));
  for (const row of rows) grouped.get(toNumber(row.monitor_id))?.push(toItem(row));
  return grouped;
}

/** The downtimes that may touch [from, to), with what ended each and why each began. */
export async function downtimesAround(db: Database, monitorId: number, span: Span): Promise<DowntimeInterval[]> {
  return (await intervalsAround(db, 'downtimes', [monitorId], span)).map(toDowntime);
}

/** The spans the monitor was paused that may touch [from, to); `to` null while still paused. */
export async function pausesAround(db: Database, monitorId: number, span: Span): Promise<DowntimeInterval[]> {
  return (await intervalsAround(db, 'pauses', [monitorId], span)).map(toInterval);
}

/** downtimesAround for many monitors in one query, by monitor id. */
export async function downtimesAroundMany(
  db: Database,
  monitorIds: readonly number[],
  span: Span,
): Promise<Map<number, DowntimeInterval[]>> {
  return groupByMonitor(monitorIds, await intervalsAround(db, 'downtimes', monitorIds, span), toDowntime);
}

/** pausesAround for many monitors in one query, by monitor id. */
export async function pausesAroundMany(
  db: Database,
  monitorIds: readonly number[],
  span: Span,
): Promise<Map<number, DowntimeInterval[]>> {
  return groupByMonitor(monitorIds, await intervalsAround(db, 'pauses', monitorIds, span), toInterval);
}

export interface ProbeRecordRow {
  time: Date;
  timeInserted: Date;
  success: boolean;
  durationMs: number;
  proberId: number;
  statusCode: number | null;
  error: string | null;
  extraInfo: Record<string, unknown> | null;
}

/** Raw records of [from, to), in time order. Only the raw-data call reads these. */
export async function listProbeRecords(db: Database, monitorId: number, span: Span): Promise<ProbeRecordRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT time, time_inserted, success, duration_ms, prober_id, status_code, error, extra_info
    FROM probe_records
    WHERE monitor_id = ${monitorId} AND time >= ${iso(span.from)}::timestamptz AND time < ${iso(span.to)}::timestamptz
    ORDER BY time, prober_id`);
  return result.rows.map((row) => ({
    time: asDate(row.time),
    timeInserted: asDate(row.time_inserted),
    success: row.success as boolean,
    durationMs: toNumber(row.duration_ms),
    proberId: toNumber(row.prober_id),
    statusCode: (row.status_code as number | null) ?? null,
    error: (row.error as string | null) ?? null,
    extraInfo: (row.extra_info as Record<string, unknown> | null) ?? null,
  }));
}
