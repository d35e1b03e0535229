import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** Status pages' rows with their sections and monitors; every owner read and write is filtered by owner. */

export interface StatusPageMonitorRow {
  monitorId: number;
  publicName: string;
  showTarget: boolean;
}

export interface StatusPageSectionRow {
  title: string;
  monitors: StatusPageMonitorRow[];
}

export interface StatusPageRow {
  id: number;
  userId: number;
  slug: string;
  title: string;
  description: string;
  logoUrl: string | null;
  language: 'en' | 'fa';
  timeZone: string;
  showResponseTimes: boolean;
  customDomain: string | null;
  passwordHash: string | null;
  createdAt: Date;
  updatedAt: Date;
  sections: StatusPageSectionRow[];
}

/** What a create or replace writes; `passwordHash` undefined keeps the current one. */
export type StatusPageFields = Omit<StatusPageRow, 'id' | 'userId' | 'createdAt' | 'updatedAt' | 'passwordHash'> & {
  passwordHash: string | null | undefined;
};

const asDate = (value: unknown) => (value instanceof Date ? value : new Date(value as string));

function toPage(row: Record<string, unknown>): StatusPageRow {
  const sections = (row.sections as Array<{ title: string; monitors: StatusPageMonitorRow[] }> | null) ?? [];
  return {
    id: row.id as number,
    userId: row.user_id as number,
    slug: row.slug as string,
    title: row.title as string,
    description: row.description as string,
    logoUrl: (row.logo_url as string | null) ?? null,
    language: row.language as StatusPageRow['language'],
    timeZone: row.time_zone as string,
    showResponseTimes: row.show_response_times as boolean,
    customDomain: (row.custom_domain as string | null) ?? null,
    passwordHash: (row.password_hash as string | null) ?? null,
    createdAt: asDate(row.created_at),
    updatedAt: asDate(row.updated_at),
    sections: sections.map((section) => ({ title: section.title, monitors: section.monitors ?? [] })),
  };
}

const SELECT_PAGE = sql`
  SELECT p.*, coalesce((
    SELECT json_agg(json_build_object('title', s.title, 'monitors', coalesce((
      SELECT json_agg(json_build_object('monitorId', m.monitor_id, 'publicName', m.public_name,
        'showTarget', m.show_target) ORDER BY m.position)
      FROM status_page_monitors m WHERE m.section_id = s.id), '[]'::json)) ORDER BY s.position)
    FROM status_page_sections s WHERE s.page_id = p.id), '[]'::json) AS sections
  FROM status_pages p`;

/** The owner's pages, oldest first. */
export async function listPages(db: Database, userId: number): Promise<StatusPageRow[]> {
  const result = await db.execute<Record<string, unknown>>(
    sql`${SELECT_PAGE} WHERE p.user_id = ${userId} ORDER BY p.id`,
  );
  return result.rows.map(toPage);
}

/** One of the owner's pages, or null; `lock` holds it for the rest of the transaction. */
export async function findPage(db: Database, userId: number, id: number, lock = false): Promise<StatusPageRow | null> {
  const result = await db.execute<Record<string, unknown>>(
    sql`${SELECT_PAGE} WHERE p.user_id = ${userId} AND p.id = ${id}${lock ? sql` FOR UPDATE OF p` : sql``}`,
  );
  const row = result.rows[0];
  return row ? toPage(row) : null;
}

/** A page by id, whoever's: the public read computing its answer. */
export async function findAnyPage(db: Database, id: number): Promise<StatusPageRow | null> {
  const result = await db.execute<Record<string, unknown>>(sql`${SELECT_PAGE} WHERE p.id = ${id}`);
  const row = result.rows[0];
  return row ? toPage(row) : null;
}

/** A page by its slug, whoever's: the public read. */
export async function findPageBySlug(db: Database, slug: string): Promise<StatusPageRow | null> {
  const result = await db.execute<Record<string, unknown>>(sql`${SELECT_PAGE} WHERE p.slug = ${slug}`);
  const row = result.rows[0];
  return row ? toPage(row) : null;
}

export async function countPages(db: Database, userId: number): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM status_pages WHERE user_id = ${userId}`,
  );
  return result.rows[0]?.count ?? 0;
}

/** Which of `slug` and `domain` another page (not `exceptId`) already holds. */
export async function takenAddresses(
  db: Database,
  slug: string,
  domain: string | null,
  exceptId: number | null,
): Promise<{ slug: boolean; domain: boolean }> {
  const result = await db.execute<{ slug: boolean; domain: boolean }>(sql`
    SELECT coalesce(bool_or(slug = ${slug}), false) AS slug,
      coalesce(bool_or(custom_domain = ${domain}), false) AS domain
    FROM status_pages WHERE (slug = ${slug} OR custom_domain = ${domain}) AND id IS DISTINCT FROM ${exceptId}::int`);
  return result.rows[0] ?? { slug: false, domain: false };
}

/** Of these ids, those naming the owner's monitors. */
export async function ownedMonitorIds(db: Database, userId: number, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const result = await db.execute<{ id: number }>(
    sql`SELECT id FROM monitors WHERE user_id = ${userId} AND id = ANY(${sql.param([...ids])}::int[])`,
  );
  return new Set(result.rows.map((row) => row.id));
}

export async function insertPage(db: Database, userId: number, fields: StatusPageFields): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`
    INSERT INTO status_pages (user_id, slug, title, description, logo_url, language, time_zone, show_response_times,
      custom_domain, password_hash)
    VALUES (${userId}, ${fields.slug}, ${fields.title}, ${fields.description}, ${fields.logoUrl}, ${fields.language},
      ${fields.timeZone}, ${fields.showResponseTimes}, ${fields.customDomain}, ${fields.passwordHash ?? null})
    RETURNING id`);
  const id = result.rows[0]?.id as number;
  await writeSections(db, id, fields.sections);
  return id;
}

/** Replaces the page's fields and all its sections; the caller holds the transaction. */
export async function replacePage(db: Database, userId: number, id: number, fields: StatusPageFields): Promise<void> {
  const keepPassword = fields.passwordHash === undefined;
  await db.execute(sql`
    UPDATE status_pages SET slug = ${fields.slug}, title = ${fields.title}, description = ${fields.description},
      logo_url = ${fields.logoUrl}, language = ${fields.language}, time_zone = ${fields.timeZone},
      show_response_times = ${fields.showResponseTimes}, custom_domain = ${fields.customDomain},
      password_hash = CASE WHEN ${keepPassword} THEN password_hash ELSE ${fields.passwordHash ?? null} END,
      updated_at = now()
    WHERE user_id = ${userId} AND id = ${id}`);
  await db.execute(sql`DELETE FROM status_page_sections WHERE page_id = ${id}`);
  await writeSections(db, id, fields.sections);
}

async function writeSections(db: Database, pageId: number, sections: readonly StatusPageSectionRow[]): Promise<void> {
  for (const [position, section] of sections.entries()) {
    const inserted = await db.execute<{ id: number }>(sql`
      INSERT INTO status_page_sections (page_id, position, title) VALUES (${pageId}, ${position}, ${section.title})
      RETURNING id`);
    const sectionId = inserted.rows[0]?.id as number;
    if (!section.monitors.length) continue;
    await db.execute(sql`
      INSERT INTO status_page_monitors (section_id, page_id, monitor_id, position, public_name, show_target)
      SELECT ${sectionId}, ${pageId}, m.monitor_id, m.position - 1, m.public_name, m.show_target
      FROM unnest(${sql.param(section.monitors.map((m) => m.monitorId))}::int[],
        ${sql.param(section.monitors.map((m) => m.publicName))}::text[],
        ${sql.param(section.monitors.map((m) => m.showTarget))}::boolean[])
        WITH ORDINALITY AS m(monitor_id, public_name, show_target, position)`);
  }
}

export async function deletePage(db: Database, userId: number, id: number): Promise<boolean> {
  const result = await db.execute(sql`DELETE FROM status_pages WHERE user_id = ${userId} AND id = ${id}`);
  return (result.rowCount ?? 0) > 0;
}
