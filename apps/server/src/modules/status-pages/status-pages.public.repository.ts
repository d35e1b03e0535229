import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Reads for the public page: monitors' targets and states, a version of everything the answer
 * depends on, and response times per local day from quarter_rollups. Never raw probe records.
 */

export interface PublicMonitorFacts {
  id: number;
  target: string | null;
  isEnabled: boolean;
  isDown: boolean;
  firstCheckAt: Date | null;
  lastCheckAt: Date | null;
}

const asDateOrNull = (value: unknown) =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(value as string);

export async function monitorFacts(db: Database, ids: readonly number[]): Promise<Map<number, PublicMonitorFacts>> {
  if (!ids.length) return new Map();
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT m.id, coalesce(m.url, m.host) AS target, m.is_enabled, coalesce(s.is_down, false) AS is_down,
      s.first_check_at, s.last_check_at
    FROM monitors m LEFT JOIN monitor_states s ON s.monitor_id = m.id
    WHERE m.id = ANY(${sql.param([...ids])}::int[])`);
  return new Map(
    result.rows.map((row) => [
      row.id as number,
      {
        id: row.id as number,
        target: (row.target as string | null) ?? null,
        isEnabled: row.is_enabled as boolean,
        isDown: row.is_down as boolean,
        firstCheckAt: asDateOrNull(row.first_check_at),
        lastCheckAt: asDateOrNull(row.last_check_at),
      },
    ]),
  );
}

/** What a visit needs before the answer: the page, its password hash and its data's version. */
export interface PageGate {
  id: number;
  passwordHash: string | null;
  version: string;
  /** The monitors on the page: a change of any of them changes the answer. */
  monitorIds: number[];
}

/**
 * The page by slug or custom domain, in the one query a visit costs. The version changes whenever
 * the answer may: the page row and its sections (xmin moves with every write), and each monitor's
 * row and state (ingest rewrites the state with its rollups and downtimes; maintenance edits and
 * boundaries touch the state too).
 */
export async function findPageGate(
  db: Database,
  where: { slug: string } | { domain: string },
): Promise<PageGate | null> {
  const condition = 'slug' in where ? sql`p.slug = ${where.slug}` : sql`p.custom_domain = ${where.domain}`;
  const result = await db.execute<{
    id: number;
    password_hash: string | null;
    version: string;
    monitor_ids: number[];
  }>(sql`
    SELECT p.id, p.password_hash,
      coalesce((SELECT array_agg(pm.monitor_id) FROM status_page_monitors pm WHERE pm.page_id = p.id), '{}') AS monitor_ids,
      p.xmin::text || '/' || coalesce((
      SELECT string_agg(m.xmin::text || ':' || coalesce(s.xmin::text, '') || ':' || pm.section_id, ',' ORDER BY pm.monitor_id)
      FROM status_page_monitors pm JOIN monitors m ON m.id = pm.monitor_id
      LEFT JOIN monitor_states s ON s.monitor_id = m.id WHERE pm.page_id = p.id), '') AS version
    FROM status_pages p WHERE ${condition}`);
  const row = result.rows[0];
  return row
    ? { id: row.id, passwordHash: row.password_hash, version: row.version, monitorIds: row.monitor_ids.map(Number) }
    : null;
}

/**
 * Average response time (ms, successful checks) per local date of `timeZone`, named by its
 * 00:00 UTC in epoch ms. The rollups are UTC quarter hours, on which every zone's midnight falls,
 * so each local day is exactly its own rows (Tehran's 00:00–00:30 too).
 */
export async function responseTimesByDay(
  db: Database,
  monitorId: number,
  span: { from: number; to: number },
  timeZone: string,
): Promise<Map<number, number>> {
  const result = await db.execute<{ day: string; average: number | null }>(sql`
    SELECT to_char((r.quarter AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD') AS day,
      sum(r.duration_sum::float8) / nullif(sum(r.checks - r.failures), 0) AS average
    FROM quarter_rollups r
    WHERE r.monitor_id = ${monitorId} AND r.quarter >= ${new Date(span.from).toISOString()}::timestamptz
      AND r.quarter < ${new Date(span.to).toISOString()}::timestamptz
    GROUP BY 1`);
  const averages = new Map<number, number>();
  for (const row of result.rows) {
    if (row.average !== null) averages.set(Date.parse(`${row.day}T00:00:00Z`), Number(row.average));
  }
  return averages;
}
