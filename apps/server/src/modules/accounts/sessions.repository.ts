import { and, eq, inArray, isNotNull, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema/index';
import type { SessionKind } from './session-lifetime';
import type { UserRow } from './users.repository';

export interface SessionWithUser {
  sessionId: number;
  impersonatorId: number | null;
  createdAt: Date;
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
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      user: users,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.keyHash, keyHash), isNull(sessions.revokedAt)));
  return row;
}

/** These sessions as they are now, when not revoked (a removed user's are gone): what their expiry is judged by. */
export async function findUnrevokedSessions(
  db: Database,
  sessionIds: number[],
): Promise<
  Array<{ sessionId: number; impersonatorId: number | null; createdAt: Date; lastUsedAt: Date; isDemo: boolean }>
> {
  if (!sessionIds.length) return [];
  return db
    .select({
      sessionId: sessions.id,
      impersonatorId: sessions.impersonatorId,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      isDemo: users.isDemo,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.id, sessionIds), isNull(sessions.revokedAt)));
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

/** Every session of the user except one (kept signed in: the caller who changed the password). */
export async function revokeOtherSessions(
  db: Database,
  userId: number,
  keepSessionId: number,
  now: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)));
}

/** Latest moments a session of each kind may have been opened and last used, and still live. */
export type SessionCutoffs = Record<SessionKind, { createdAfter: Date; usedAfter: Date }>;

/** Deletes revoked sessions and those past their kind's lifetime (session-lifetime.ts); returns how many. */
export async function deleteEndedSessions(db: Database, cutoffs: SessionCutoffs): Promise<number> {
  const ended = (kind: SessionKind) =>
    sql`(${sessions.createdAt} <= ${cutoffs[kind].createdAfter.toISOString()}::timestamptz
      OR ${sessions.lastUsedAt} <= ${cutoffs[kind].usedAfter.toISOString()}::timestamptz)`;
  const deleted = await db
    .delete(sessions)
    .where(
      or(
        isNotNull(sessions.revokedAt),
        and(isNotNull(sessions.impersonatorId), ended('impersonation')),
        and(isNull(sessions.impersonatorId), inArray(sessions.userId, demoUserIds(db)), ended('demo')),
        and(isNull(sessions.impersonatorId), notInArray(sessions.userId, demoUserIds(db)), ended('user')),
      ),
    )
    .returning({ id: sessions.id });
  return deleted.length;
}

const demoUserIds = (db: Database) => db.select({ id: users.id }).from(users).where(eq(users.isDemo, true));
