import type { MaintenanceSpan } from '@paydar/domain/maintenance';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** The maintenance windows' own rows and their monitors; every read and write is filtered by owner. */

export interface WindowRow {
  id: number;
  userId: number;
  title: string;
  kind: 'once' | 'weekly';
  timeZone: string;
  startsAt: Date | null;
  endsAt: Date | null;
  daysOfWeek: number[] | null;
  startTime: string | null;
  durationMinutes: number | null;
  skipUntil: Date | null;
  createdAt: Date;
  monitors: number[];
}

/** What a create or edit writes. */
export interface WindowFields {
  title: string;
  kind: 'once' | 'weekly';
  timeZone: string;
  startsAt: Date | null;
  endsAt: Date | null;
  daysOfWeek: number[] | null;
  startTime: string | null;
  durationMinutes: number | null;
}

const asDate = (value: unknown) => (value === null ? null : value instanceof Date ? value : new Date(value as string));
const iso = (ms: number) => new Date(ms).toISOString();

function toWindow(row: Record<string, unknown>): WindowRow {
  return {
    id: row.id as number,
    userId: row.user_id as number,
    title: row.title as string,
    kind: row.kind as WindowRow['kind'],
    timeZone: row.time_zone as string,
    startsAt: asDate(row.starts_at),
    endsAt: asDate(row.ends_at),
    daysOfWeek: (row.days_of_week as number[] | null) ?? null,
    startTime: (row.start_time as string | null) ?? null,
    durationMinutes: (row.duration_minutes as number | null) ?? null,
    skipUntil: asDate(row.skip_until),
    createdAt: asDate(row.created_at) as Date,
    monitors: ((row.monitors as number[] | null) ?? []).map(Number),
  };
}

const SELECT_WINDOW = sql`
  SELECT w.*, coalesce((SELECT array_agg(wm.monitor_id ORDER BY wm.monitor_id) FROM maintenance_window_monitors wm
    WHERE wm.window_id = w.id), '{}') AS monitors
  FROM maintenance_windows w`;

/** The owner's windows, newest first. */
export async function listWindows(db: Database, userId: number): Promise<WindowRow[]> {
  const result = await db.execute<Record<string, unknown>>(
    sql`${SELECT_WINDOW} WHERE w.user_id = ${userId} ORDER BY w.id DESC`,
  );
  return result.rows.map(toWindow);
}

/** One of the owner's windows, or null; `lock` takes it for the rest of the transaction. */
export async function findWindow(db: Database, userId: number, id: number, lock = false): Promise<WindowRow | null> {
  const result = await db.execute<Record<string, unknown>>(
    sql`${SELECT_WINDOW} WHERE w.user_id = ${userId} AND w.id = ${id}${lock ? sql` FOR UPDATE OF w` : sql``}`,
  );
  const row = result.rows[0];
  return row ? toWindow(row) : null;
}

/** Every window's id, for the daily refresh of the spans. */
export async function allWindowIds(db: Database): Promise<Array<{ id: number; userId: number }>> {
  const result = await db.execute<{ id: number; user_id: number }>(
    sql`SELECT id, user_id FROM maintenance_windows ORDER BY id`,
  );
  return result.rows.map((row) => ({ id: row.id, userId: row.user_id }));
}

export async function countWindows(db: Database, userId: number): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM maintenance_windows WHERE user_id = ${userId}`,
  );
  return result.rows[0]?.count ?? 0;
}

/** Of these ids, those naming the owner's monitors. */
export async function ownedMonitorIds(db: Database, userId: number, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const result = await db.execute<{ id: number }>(
    sql`SELECT id FROM monitors WHERE user_id = ${userId} AND id = ANY(${sql.param([...ids])}::int[])`,
  );
  return new Set(result.rows.map((row) => row.id));
}

const fieldValues = (fields: WindowFields) => ({
  startsAt: fields.startsAt?.toISOString() ?? null,
  endsAt: fields.endsAt?.toISOString() ?? null,
  days: fields.daysOfWeek === null ? null : sql`${sql.param(fields.daysOfWeek)}::smallint[]`,
});

export async function insertWindow(db: Database, userId: number, fields: WindowFields): Promise<number> {
  const values = fieldValues(fields);
  const result = await db.execute<{ id: number }>(sql`
    INSERT INTO maintenance_windows (user_id, title, kind, time_zone, starts_at, ends_at, days_of_week, start_time,
      duration_minutes)
    VALUES (${userId}, ${fields.title}, ${fields.kind}, ${fields.timeZone}, ${values.startsAt}::timestamptz,
      ${values.endsAt}::timestamptz, ${values.days}, ${fields.startTime}, ${fields.durationMinutes})
    RETURNING id`);
  return result.rows[0]?.id as number;
}

export async function updateWindow(db: Database, userId: number, id: number, fields: WindowFields): Promise<void> {
  const values = fieldValues(fields);
  await db.execute(sql`
    UPDATE maintenance_windows SET title = ${fields.title}, kind = ${fields.kind}, time_zone = ${fields.timeZone},
      starts_at = ${values.startsAt}::timestamptz, ends_at = ${values.endsAt}::timestamptz, days_of_week = ${values.days},
      start_time = ${fields.startTime}, duration_minutes = ${fields.durationMinutes}, updated_at = now()
    WHERE user_id = ${userId} AND id = ${id}`);
}

/** Ends a window early: a one-off one's end moves to `at`; a weekly one skips what is left of the occurrence. */
export async function endWindow(
  db: Database,
  userId: number,
  id: number,
  change: { endsAt: Date | null; skipUntil: Date | null },
): Promise<void> {
  await db.execute(sql`
    UPDATE maintenance_windows SET ends_at = coalesce(${change.endsAt?.toISOString() ?? null}::timestamptz, ends_at),
      skip_until = coalesce(${change.skipUntil?.toISOString() ?? null}::timestamptz, skip_until), updated_at = now()
    WHERE user_id = ${userId} AND id = ${id}`);
}

export async function setWindowMonitors(db: Database, windowId: number, monitorIds: readonly number[]): Promise<void> {
  const ids = sql.param([...monitorIds]);
  await db.execute(
    sql`DELETE FROM maintenance_window_monitors WHERE window_id = ${windowId} AND monitor_id <> ALL(${ids}::int[])`,
  );
  await db.execute(sql`
    INSERT INTO maintenance_window_monitors (window_id, monitor_id) SELECT ${windowId}, unnest(${ids}::int[])
    ON CONFLICT DO NOTHING`);
}

export async function deleteWindow(db: Database, userId: number, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM maintenance_windows WHERE user_id = ${userId} AND id = ${id}`);
}

/**
 * Rewrites a window's spans from `now` on, leaving the past as it was (that time was maintenance,
 * whatever the window says now): spans yet to start are deleted, an ongoing one is cut at `now`,
 * and `spans` (none starting before `now`) are written for `monitorIds`. An ongoing span the new
 * spans continue (one starting at `now`) is lengthened rather than split in two — unless it would
 * then last over 31 days, the longest span the look-ups (maintenance-spans.repository.ts) expect.
 */
export async function replaceSpansFrom(
  db: Database,
  windowId: number,
  monitorIds: readonly number[],
  spans: readonly MaintenanceSpan[],
  now: number,
): Promise<void> {
  const at = iso(now);
  await db.execute(
    sql`DELETE FROM maintenance_spans WHERE window_id = ${windowId} AND starts_at >= ${at}::timestamptz`,
  );
  await db.execute(
    sql`UPDATE maintenance_spans SET ends_at = ${at}::timestamptz WHERE window_id = ${windowId} AND ends_at > ${at}::timestamptz`,
  );
  if (!monitorIds.length || !spans.length) return;
  let rest = spans;
  let continued = new Set<number>();
  const first = spans[0] as MaintenanceSpan;
  if (first.from === now) {
    const result = await db.execute<{ monitor_id: number }>(sql`
      UPDATE maintenance_spans SET ends_at = ${iso(first.to)}::timestamptz
      WHERE window_id = ${windowId} AND ends_at = ${at}::timestamptz AND monitor_id = ANY(${sql.param([...monitorIds])}::int[])
        AND ${iso(first.to)}::timestamptz - starts_at <= interval '31 days'
      RETURNING monitor_id`);
    continued = new Set(result.rows.map((row) => row.monitor_id));
    if (continued.size) {
      rest = spans.slice(1);
      const others = monitorIds.filter((id) => !continued.has(id));
      if (others.length) await insertSpans(db, windowId, others, [first]);
    }
  }
  await insertSpans(db, windowId, monitorIds, rest);
}

async function insertSpans(
  db: Database,
  windowId: number,
  monitorIds: readonly number[],
  spans: readonly MaintenanceSpan[],
): Promise<void> {
  if (!monitorIds.length || !spans.length) return;
  await db.execute(sql`
    INSERT INTO maintenance_spans (window_id, monitor_id, starts_at, ends_at)
    SELECT ${windowId}, m.id, s.starts_at, s.ends_at
    FROM unnest(${sql.param([...monitorIds])}::int[]) AS m(id)
    CROSS JOIN unnest(${sql.param(spans.map((span) => iso(span.from)))}::timestamptz[],
      ${sql.param(spans.map((span) => iso(span.to)))}::timestamptz[]) AS s(starts_at, ends_at)`);
}

/** Cuts a deleted window's ongoing spans at `now` and drops those yet to start; the past ones stay. */
export async function retireSpans(db: Database, windowId: number, now: number): Promise<void> {
  await replaceSpansFrom(db, windowId, [], [], now);
}
