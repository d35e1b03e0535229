import { INCIDENT_UPDATES_MAX } from '@paydar/contracts/status-page-incidents';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** SQL of automatic incidents (opened and resolved by the service from monitors' transitions). */

/** The pages these monitors are on, ascending: the order every writer takes the pages' locks in. */
export async function pagesOfMonitors(db: Database, monitorIds: number[]): Promise<Map<number, number[]>> {
  const pages = new Map<number, number[]>();
  if (!monitorIds.length) return pages;
  const result = await db.execute<{ monitor_id: number; page_id: number }>(sql`
    SELECT monitor_id, page_id FROM status_page_monitors WHERE monitor_id = ANY(${sql.param(monitorIds)}::int[])
    ORDER BY page_id`);
  for (const row of result.rows) pages.set(row.monitor_id, [...(pages.get(row.monitor_id) ?? []), row.page_id]);
  return pages;
}

/** Why a down must open nothing: the monitor is paused, or a pause or maintenance window already ended its downtime. */
export async function downIsStale(db: Database, monitorId: number, downtimeId: number | null): Promise<boolean> {
  const result = await db.execute<{ stale: boolean }>(sql`
    SELECT NOT m.is_enabled OR coalesce(d.ended_by IN ('pause', 'maintenance'), false) AS stale
    FROM monitors m LEFT JOIN downtimes d ON d.id = ${downtimeId} WHERE m.id = ${monitorId}`);
  return result.rows[0]?.stale ?? true;
}

/** The monitor's public name on the page, or null when it is not (or no longer) on it. */
export async function publicNameOn(db: Database, pageId: number, monitorId: number): Promise<string | null> {
  const result = await db.execute<{ public_name: string }>(sql`
    SELECT public_name FROM status_page_monitors WHERE page_id = ${pageId} AND monitor_id = ${monitorId}`);
  return result.rows[0]?.public_name ?? null;
}

/** Whether the owner has written an update on the incident: then they decide when it is resolved. */
const ownerWrote = (incident: ReturnType<typeof sql>) =>
  sql`EXISTS (SELECT 1 FROM incident_updates u WHERE u.incident_id = ${incident} AND NOT u.automatic)`;

export interface JoinableIncident {
  id: number;
  title: string;
  resolved: boolean;
  monitorIds: number[];
}

/**
 * The page's auto incident a downtime starting at `at` joins (incident-grouping.ts's rule): the
 * open one, or one resolved no more than `graceMs` before — a resolved one only if the service
 * resolved it (no update by the owner, no post-mortem) and that has room for a reopening and a
 * resolution within INCIDENT_UPDATES_MAX (a flapping monitor starts a new incident instead). Locked.
 */
export async function findJoinableIncident(
  db: Database,
  pageId: number,
  at: Date,
  graceMs: number,
): Promise<JoinableIncident | null> {
  const since = new Date(at.getTime() - graceMs).toISOString();
  const result = await db.execute<{ id: number; title: string; resolved: boolean }>(sql`
    SELECT i.id, i.title, i.resolved_at IS NOT NULL AS resolved FROM incidents i
    WHERE i.status_page_id = ${pageId} AND i.origin = 'auto' AND (i.resolved_at IS NULL OR (
      i.resolved_at >= ${since}::timestamptz AND i.postmortem IS NULL AND NOT ${ownerWrote(sql`i.id`)}
      AND (SELECT count(*) FROM incident_updates u WHERE u.incident_id = i.id) < ${INCIDENT_UPDATES_MAX - 1}))
    ORDER BY i.resolved_at IS NULL DESC, i.started_at DESC, i.id DESC LIMIT 1 FOR UPDATE`);
  const row = result.rows[0];
  if (!row) return null;
  const members = await db.execute<{ monitor_id: number }>(
    sql`SELECT monitor_id FROM incident_monitors WHERE incident_id = ${row.id}`,
  );
  return { ...row, monitorIds: members.rows.map((member) => member.monitor_id) };
}

/** Public names on the page of these monitors, in their order (those no longer on it left out). */
export async function publicNamesOn(db: Database, pageId: number, monitorIds: number[]): Promise<string[]> {
  if (!monitorIds.length) return [];
  const result = await db.execute<{ public_name: string }>(sql`
    SELECT pm.public_name FROM unnest(${sql.param(monitorIds)}::int[]) WITH ORDINALITY AS m(id, n)
    JOIN status_page_monitors pm ON pm.page_id = ${pageId} AND pm.monitor_id = m.id ORDER BY m.n`);
  return result.rows.map((row) => row.public_name);
}

/**
 * Open auto incidents whose every member downtime has ended and the owner has not written in: the
 * ones to resolve. Narrowed to a page (and a member monitor) and locked when the page's lock is
 * held; the sweep reads them unlocked across pages, then takes each page's lock and asks again.
 */
export async function finishedAutoIncidents(
  db: Database,
  where: { pageId?: number; monitorId?: number; lock: boolean },
): Promise<Array<{ id: number; pageId: number; title: string; monitorIds: number[] }>> {
  const onPage = where.pageId === undefined ? sql`` : sql`AND i.status_page_id = ${where.pageId}`;
  const withMonitor =
    where.monitorId === undefined
      ? sql``
      : sql`AND EXISTS (SELECT 1 FROM incident_monitors im WHERE im.incident_id = i.id AND im.monitor_id = ${where.monitorId})`;
  const result = await db.execute<{ id: number; status_page_id: number; title: string; monitor_ids: number[] }>(sql`
    SELECT i.id, i.status_page_id, i.title,
      coalesce((SELECT array_agg(im.monitor_id ORDER BY im.monitor_id) FROM incident_monitors im WHERE im.incident_id = i.id), '{}') AS monitor_ids
    FROM incidents i
    WHERE i.origin = 'auto' AND i.resolved_at IS NULL ${onPage} ${withMonitor}
      AND NOT ${ownerWrote(sql`i.id`)}
      AND NOT EXISTS (SELECT 1 FROM incident_monitors im JOIN downtimes d ON d.monitor_id = im.monitor_id
        WHERE im.incident_id = i.id AND d.to_time IS NULL)
    ORDER BY i.status_page_id, i.id ${where.lock ? sql`FOR UPDATE OF i` : sql``}`);
  return result.rows.map((row) => ({
    id: row.id,
    pageId: row.status_page_id,
    title: row.title,
    monitorIds: row.monitor_ids.map(Number),
  }));
}
