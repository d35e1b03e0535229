import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { impersonationTokens } from '../../db/schema/index';

export async function insertImpersonationToken(
  db: Database,
  values: { staffUserId: number; targetUserId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(impersonationTokens).values(values);
}

/** Marks the token used (who used it from where, and when) and returns it; a second use gets nothing. */
export async function consumeImpersonationToken(
  db: Database,
  query: { tokenHash: string; now: Date; ip: string },
): Promise<{ staffUserId: number; targetUserId: number } | undefined> {
  const [row] = await db
    .update(impersonationTokens)
    .set({ usedAt: query.now, usedFromIp: query.ip })
    .where(
      and(
        eq(impersonationTokens.tokenHash, query.tokenHash),
        isNull(impersonationTokens.usedAt),
        gt(impersonationTokens.expiresAt, query.now),
      ),
    )
    .returning({ staffUserId: impersonationTokens.staffUserId, targetUserId: impersonationTokens.targetUserId });
  return row;
}

export function listImpersonations(db: Database) {
  return db.select().from(impersonationTokens).orderBy(impersonationTokens.id);
}
