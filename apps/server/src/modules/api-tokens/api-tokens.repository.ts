import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiTokens, users } from '../../db/schema/index';
import type { UserRow } from '../accounts/users.repository';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** How stale last_used_at may get before a request writes it again. */
export const API_TOKEN_TOUCH_INTERVAL_MS = 60_000;

export async function insertApiToken(
  db: Database,
  values: { userId: number; name: string; scope: ApiTokenRow['scope']; tokenHash: string; expiresAt: Date | null },
): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning();
  if (!row) throw new Error('api_tokens insert returned no row');
  return row;
}

/** The user's tokens that still work at `now`: an expired one is listed until revoked but holds no place under the cap. */
export async function countLiveApiTokens(db: Database, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.userId, userId),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`${now.toISOString()}::timestamptz`)),
      ),
    );
  return row?.total ?? 0;
}

/** The user's tokens, newest first. */
export async function listApiTokens(db: Database, userId: number): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

/** Deletes the user's token; false when the user has no token of that id. */
export async function deleteApiToken(db: Database, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id });
  return deleted.length > 0;
}

/** The token of this hash and its user; expiry is judged by the caller. */
export async function findApiToken(
  db: Database,
  tokenHash: string,
): Promise<{ token: ApiTokenRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, tokenHash));
  return row;
}

/** Writes last_used_at at most once a minute per token, even when requests race. */
export async function touchApiToken(db: Database, id: number, now: Date): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiTokens.id, id),
        or(
          isNull(apiTokens.lastUsedAt),
          lt(apiTokens.lastUsedAt, sql`${now.toISOString()}::timestamptz - interval '1 minute'`),
        ),
      ),
    );
}
