import type { IncidentOrigin, IncidentState } from '@paydar/contracts/status-page-incidents';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** The only SQL of incidents. Owner reads and writes pass the owner's id; the page row is the lock. */

/** What an incident's writes need of its page: words, links and the language of notices. */
export interface IncidentPage {
  id: number;
  slug: string;
  title: string;
  language: 'en' | 'fa';
  customDomain: string | null;
}

export interface IncidentRow {
  id: number;
  statusPageId: number;
  title: string;
  origin: IncidentOrigin;
  state: IncidentState;
  startedAt: Date;
  resolvedAt: Date | null;
  postmortem: string | null;
  createdAt: Date;
}

export interface IncidentUpdateRow {
  id: number;
  incidentId: number;
  state: IncidentState;
  body: string;
  automatic: boolean;
  createdAt: Date;
}

/** A monitor of an incident still on its page, by the name the page shows. */
export interface IncidentMonitorRow {
  incidentId: number;
  monitorId: number;
  publicName: string;
}

const asDate = (value: unknown) => (value instanceof Date ? value : new Date(value as string));
const asDateOrNull = (value: unknown) => (value === null || value === undefined ? null : asDate(value));

const pageOf = (row: Record<string, unknown>): IncidentPage => ({
  id: row.id as number,
  slug: row.slug as string,
  title: row.title as string,
  language: row.language as 'en' | 'fa',
  customDomain: (row.custom_domain as string | null) ?? null,
});

const incidentOf = (row: Record<string, unknown>): IncidentRow => ({
  id: row.id as number,
  statusPageId: row.status_page_id as number,
  title: row.title as string,
  origin: row.origin as IncidentOrigin,
  state: row.state as IncidentState,
  startedAt: asDate(row.started_at),
  resolvedAt: asDateOrNull(row.resolved_at),
  postmortem: (row.postmortem as string | null) ?? null,
  createdAt: asDate(row.created_at),
});

const INCIDENT_COLUMNS = sql`i.id, i.status_page_id, i.title, i.origin, i.state, i.started_at, i.resolved_at, i.postmortem, i.created_at`;

/** The owner's page, read only. */
export async function findOwnedPage(db: Database, userId: number, pageId: number): Promise<IncidentPage | null> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT id, slug, title, language, custom_domain FROM status_pages WHERE id = ${pageId} AND user_id = ${userId}`);
  return result.rows[0] ? pageOf(result.rows[0]) : null;
}

/**
 * Locks the page for an incident write and moves its version (a new row version: xmin changes and
 * the change feed announces `status_page:<id>`), so cached public answers and ETags change with
 * the write. `userId` null: the service itself (automatic incidents).
 */
export async function touchPage(db: Database, pageId: number, userId: number | null): Promise<IncidentPage | null> {
  const owner = userId === null ? sql`` : sql` AND user_id = ${userId}`;
  const result = await db.execute<Record<string, unknown>>(sql`
    UPDATE status_pages SET updated_at = updated_at WHERE id = ${pageId}${owner}
    RETURNING id, slug, title, language, custom_domain`);
  return result.rows[0] ? pageOf(result.rows[0]) : null;
}

export async function pageMonitorIds(db: Database, pageId: number): Promise<Set<number>> {
  const result = await db.execute<{ monitor_id: number }>(
    sql`SELECT monitor_id FROM status_page_monitors WHERE page_id = ${pageId}`,
  );
  return new Set(result.rows.map((row) => row.monitor_id));
}

export async function listIncidents(
  db: Database,
  pageId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: IncidentRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.execute<Record<string, unknown>>(sql`
      SELECT ${INCIDENT_COLUMNS} FROM incidents i WHERE i.status_page_id = ${pageId}
      ORDER BY i.started_at DESC, i.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`),
    db.execute<{ count: string }>(sql`SELECT count(*) AS count FROM incidents WHERE status_page_id = ${pageId}`),
  ]);
  return { rows: rows.rows.map(incidentOf), total: Number(total.rows[0]?.count ?? 0) };
}

/** The page's incidents a visitor sees: unresolved ones and those resolved since `since`, newest first. */
export async function publicIncidents(db: Database, pageId: number, since: Date): Promise<IncidentRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT ${INCIDENT_COLUMNS} FROM incidents i
    WHERE i.status_page_id = ${pageId} AND (i.resolved_at IS NULL OR i.resolved_at >= ${since.toISOString()}::timestamptz)
    ORDER BY i.started_at DESC, i.id DESC`);
  return result.rows.map(incidentOf);
}

/** One incident of the page; `lock` for a write (after the page's lock). */
export async function findIncident(
  db: Database,
  pageId: number,
  incidentId: number,
  lock = false,
): Promise<IncidentRow | null> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT ${INCIDENT_COLUMNS} FROM incidents i WHERE i.id = ${incidentId} AND i.status_page_id = ${pageId}
    ${lock ? sql`FOR UPDATE` : sql``}`);
  return result.rows[0] ? incidentOf(result.rows[0]) : null;
}

export async function incidentMonitorsOf(db: Database, incidentIds: number[]): Promise<IncidentMonitorRow[]> {
  if (!incidentIds.length) return [];
  const result = await db.execute<{ incident_id: number; monitor_id: number; public_name: string }>(sql`
    SELECT im.incident_id, im.monitor_id, pm.public_name
    FROM incident_monitors im JOIN incidents i ON i.id = im.incident_id
    JOIN status_page_monitors pm ON pm.page_id = i.status_page_id AND pm.monitor_id = im.monitor_id
    WHERE im.incident_id = ANY(${sql.param(incidentIds)}::int[])
    ORDER BY im.incident_id, pm.public_name, im.monitor_id`);
  return result.rows.map((row) => ({
    incidentId: row.incident_id,
    monitorId: row.monitor_id,
    publicName: row.public_name,
  }));
}

/** Updates of these incidents, newest first. */
export async function updatesOf(db: Database, incidentIds: number[]): Promise<IncidentUpdateRow[]> {
  if (!incidentIds.length) return [];
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT id, incident_id, state, body, automatic, created_at FROM incident_updates
    WHERE incident_id = ANY(${sql.param(incidentIds)}::int[]) ORDER BY created_at DESC, id DESC`);
  return result.rows.map((row) => ({
    id: row.id as number,
    incidentId: row.incident_id as number,
    state: row.state as IncidentState,
    body: row.body as string,
    automatic: row.automatic as boolean,
    createdAt: asDate(row.created_at),
  }));
}

export async function insertIncident(
  db: Database,
  input: { pageId: number; title: string; origin: IncidentOrigin; state: IncidentState; startedAt: Date; now: Date },
): Promise<number> {
  const at = input.startedAt.toISOString();
  const result = await db.execute<{ id: number }>(sql`
    INSERT INTO incidents (status_page_id, title, origin, state, started_at, resolved_at, created_at, updated_at)
    VALUES (${input.pageId}, ${input.title}, ${input.origin}, ${input.state}, ${at}::timestamptz,
      ${input.state === 'resolved' ? at : null}::timestamptz, ${input.now.toISOString()}::timestamptz,
      ${input.now.toISOString()}::timestamptz)
    RETURNING id`);
  return result.rows[0]?.id as number;
}

/** Adds monitors to an incident; one already there stays once. */
export async function addIncidentMonitors(db: Database, incidentId: number, monitorIds: number[]): Promise<void> {
  if (!monitorIds.length) return;
  await db.execute(sql`
    INSERT INTO incident_monitors (incident_id, monitor_id)
    SELECT ${incidentId}, unnest(${sql.param(monitorIds)}::int[]) ON CONFLICT DO NOTHING`);
}

export async function insertUpdate(
  db: Database,
  input: { incidentId: number; state: IncidentState; body: string; automatic: boolean; at: Date },
): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`
    INSERT INTO incident_updates (incident_id, state, body, automatic, created_at)
    VALUES (${input.incidentId}, ${input.state}, ${input.body}, ${input.automatic}, ${input.at.toISOString()}::timestamptz)
    RETURNING id`);
  return result.rows[0]?.id as number;
}

/** The incident takes an update's state: `resolved` sets resolved_at, any other clears it (reopens). */
export async function setIncidentState(
  db: Database,
  incidentId: number,
  state: IncidentState,
  at: Date,
): Promise<void> {
  await db.execute(sql`
    UPDATE incidents SET state = ${state}, updated_at = ${at.toISOString()}::timestamptz,
      resolved_at = ${state === 'resolved' ? at.toISOString() : null}::timestamptz
    WHERE id = ${incidentId}`);
}

export async function countUpdates(db: Database, incidentId: number): Promise<number> {
  const result = await db.execute<{ count: string }>(
    sql`SELECT count(*) AS count FROM incident_updates WHERE incident_id = ${incidentId}`,
  );
  return Number(result.rows[0]?.count ?? 0);
}

export async function patchIncident(
  db: Database,
  incidentId: number,
  patch: { title?: string; postmortem?: string | null },
  now: Date,
): Promise<void> {
  const sets = [sql`updated_at = ${now.toISOString()}::timestamptz`];
  if (patch.title !== undefined) sets.push(sql`title = ${patch.title}`);
  if (patch.postmortem !== undefined) sets.push(sql`postmortem = ${patch.postmortem}`);
  await db.execute(sql`UPDATE incidents SET ${sql.join(sets, sql`, `)} WHERE id = ${incidentId}`);
}

export async function renameIncident(db: Database, incidentId: number, title: string): Promise<void> {
  await db.execute(sql`UPDATE incidents SET title = ${title} WHERE id = ${incidentId}`);
}

export async function deleteIncident(db: Database, pageId: number, incidentId: number): Promise<boolean> {
  const result = await db.execute(sql`DELETE FROM incidents WHERE id = ${incidentId} AND status_page_id = ${pageId}`);
  return (result.rowCount ?? 0) > 0;
}
