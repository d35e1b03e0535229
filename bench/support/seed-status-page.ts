import { sql } from 'drizzle-orm';
import type { Runtime } from '../../apps/server/src/runtime';

type Database = Runtime['context']['db'];

/**
 * A public status page (UTC, response times shown) of one section holding these monitors in order,
 * named "Service 1…n": what the status-page and dashboard benchmarks read as their public page.
 */
export async function seedStatusPage(
  db: Database,
  userId: number,
  slug: string,
  monitorIds: readonly number[],
): Promise<void> {
  const pageId = (
    await db.execute<{ id: number }>(sql`
      INSERT INTO status_pages (user_id, slug, title, language, time_zone, show_response_times)
      VALUES (${userId}, ${slug}, 'Bench', 'en', 'UTC', true) RETURNING id`)
  ).rows[0]?.id as number;
  const sectionId = (
    await db.execute<{ id: number }>(
      sql`INSERT INTO status_page_sections (page_id, position, title) VALUES (${pageId}, 0, 'All') RETURNING id`,
    )
  ).rows[0]?.id as number;
  await db.execute(sql`
    INSERT INTO status_page_monitors (section_id, page_id, monitor_id, position, public_name)
    SELECT ${sectionId}, ${pageId}, m.id, m.n - 1, 'Service ' || m.n
    FROM unnest(${sql.param([...monitorIds])}::int[]) WITH ORDINALITY AS m(id, n)`);
}
