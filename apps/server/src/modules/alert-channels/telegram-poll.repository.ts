import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { telegramPollState } from '../../db/schema/index';

/** Where polling continues: the update_id after the last one handled, 0 before any. */
export async function readPollOffset(db: Database, botId: string): Promise<number> {
  const [row] = await db
    .select({ nextOffset: telegramPollState.nextOffset })
    .from(telegramPollState)
    .where(eq(telegramPollState.botId, botId));
  return row ? Number(row.nextOffset) : 0;
}

/** Stores the next offset; never moves it back, whoever writes late. */
export async function savePollOffset(db: Database, botId: string, nextOffset: number, now: Date): Promise<void> {
  await db
    .insert(telegramPollState)
    .values({ botId, nextOffset: String(nextOffset), updatedAt: now })
    .onConflictDoUpdate({
      target: telegramPollState.botId,
      set: {
        nextOffset: sql`greatest(${telegramPollState.nextOffset}::bigint, excluded.next_offset::bigint)::text`,
        updatedAt: now,
      },
    });
}
