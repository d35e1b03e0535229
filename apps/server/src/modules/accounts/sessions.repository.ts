import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema/index';
import type { UserRow } from './users.repository';

export interface SessionWithUser {
  sessionId: number;
  impersonatorId: number | null;
  lastUsedAt: Date;
  user: UserRow;
}

export async function insertSession(
  db: Database,
  values: { userId: number; keyHash: string; impersonatorId?: number },
): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function findActiveSession(db: Database, keyHash: string): Promise<SessionWithUser | undefined> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      impersonatorId: sessions.impersonatorId,
      lastUsedAt: sessions.lastUsedAt,
      user: users,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.keyHash, keyHash), isNull(sessions.revokedAt)));
  return row;
}

/** How stale last_used_at may get before a request writes it again. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** Writes last_used_at at most once a minute per session, even when callers race. */
export async function touchSession(db: Database, sessionId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(sessions.id, sessionId),
        lt(sessions.lastUsedAt, sql`${now.toISOString()}::timestamptz - interval '1 minute'`),
      ),
    );
}

export async function revokeSession(db: Database, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: Database, userId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
