import type { ServiceContext, SessionCaller } from '../../context';
import type { Database } from '../../db/client';
import { AppError, notAuthenticated } from '../../errors';
import { refuseWhileImpersonating } from './impersonation-refusal';
import { DEMO_READ_ONLY_TEXT } from './profile.service';
import { generateSecret, hashSecret } from './secrets';
import { isSessionExpired, sessionExpiresAt, sessionKind, sessionLifetimes } from './session-lifetime';
import {
  findActiveSession,
  findUnrevokedSessions,
  insertSession,
  revokeAllSessions,
  revokeSession,
  SESSION_TOUCH_INTERVAL_MS,
  touchSession,
} from './sessions.repository';

/** Opens a session and returns its key; only the key's hash is stored. */
export async function openSession(db: Database, userId: number, impersonatorId?: number): Promise<string> {
  const key = generateSecret();
  await insertSession(db, { userId, keyHash: hashSecret(key), ...(impersonatorId ? { impersonatorId } : {}) });
  return key;
}

/** The caller behind a key; an unknown, revoked or expired key is refused alike. */
export async function authenticate(context: ServiceContext, key: string): Promise<SessionCaller> {
  const keyHash = hashSecret(key);
  const found = await context.sessions.get(keyHash, () => findActiveSession(context.db, keyHash));
  if (!found) throw notAuthenticated();
  const now = context.now();
  const kind = sessionKind({ impersonatorId: found.impersonatorId, isDemo: found.user.isDemo });
  if (isSessionExpired(found, sessionLifetimes(context.config)[kind], now)) throw notAuthenticated();
  // Most requests come within a minute of the last: they read only, without an UPDATE.
  if (now.getTime() - found.lastUsedAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    await touchSession(context.db, found.sessionId, now);
  }
  return {
    userId: found.user.id,
    email: found.user.email,
    isVerified: found.user.isVerified,
    isStaff: found.user.isStaff,
    isDemo: found.user.isDemo,
    sessionId: found.sessionId,
    key,
    impersonatorId: found.impersonatorId,
    apiToken: null,
  };
}

/** The key stops working at once. */
export async function logout(context: ServiceContext, caller: SessionCaller): Promise<void> {
  await revokeSession(context.db, caller.sessionId, context.now());
}

/**
 * "Sign out everywhere": every key of the user stops working, the caller's too. Not for the demo
 * account, whose sessions are every visitor's, nor for staff impersonating, who must not sign the
 * customer out of their own devices.
 */
export async function logoutEverywhere(context: ServiceContext, caller: SessionCaller): Promise<void> {
  if (caller.isDemo) throw new AppError('DEMO_READ_ONLY', DEMO_READ_ONLY_TEXT);
  refuseWhileImpersonating(caller, 'sign a user out everywhere');
  await revokeAllSessions(context.db, caller.userId, context.now());
}

/**
 * When each of these sessions ends unless used again (ms), judged now: a session revoked, removed
 * or already expired is absent. What keeps open streams honest (modules/live): a stream does not
 * count as use, so a key nobody uses stops streaming when it stops working.
 */
export async function sessionDeadlines(context: ServiceContext, sessionIds: number[]): Promise<Map<number, number>> {
  const lifetimes = sessionLifetimes(context.config);
  const now = context.now().getTime();
  const deadlines = new Map<number, number>();
  for (const session of await findUnrevokedSessions(context.db, sessionIds)) {
    const deadline = sessionExpiresAt(session, lifetimes[sessionKind(session)]);
    if (deadline > now) deadlines.set(session.sessionId, deadline);
  }
  return deadlines;
}
