import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** When each prober was last heard from (a poll or a batch of results), for the lag gauge. */
export async function proberLastSeen(db: Database): Promise<Array<{ name: string; lastSeenAt: Date | null }>> {
  const result = await db.execute<{ name: string; last_seen_at: string | Date | null }>(sql`
    SELECT name, last_seen_at FROM probers WHERE NOT is_demo AND NOT disabled ORDER BY name`);
  return result.rows.map((row) => ({
    name: row.name,
    lastSeenAt: row.last_seen_at === null ? null : new Date(row.last_seen_at),
  }));
}
