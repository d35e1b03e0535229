import type { Caller, ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { notAuthenticated } from '../../errors';
import { generateSecret, hashSecret } from './secrets';
import {
  findActiveSession,
  insertSession,
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

export async function authenticate(context: ServiceContext, key: string): Promise<Caller> {
  const found = await findActiveSession(context.db, hashSecret(key));
  if (!found) throw notAuthenticated();
  // Most requests come within a minute of the last: they read only, without an UPDATE.
  const now = context.now();
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
  };
}

/** The key stops working at once. */
export async function logout(context: ServiceContext, caller: Caller): Promise<void> {
  await revokeSession(context.db, caller.sessionId, context.now());
}
