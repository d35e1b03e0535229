import type { Caller, ServiceContext } from '../../context';
import { notAuthenticated } from '../../errors';
import { hashSecret } from '../accounts/secrets';
import { looksLikeApiToken } from './api-token-secret';
import { API_TOKEN_TOUCH_INTERVAL_MS, findApiToken, touchApiToken } from './api-tokens.repository';

/**
 * The caller behind an API token; an unknown, revoked (deleted) or expired token is refused alike
 * with 401. Read from the database on every call, not cached, so a revocation holds at once on
 * every replica. Staff powers never come through a token: the caller's isStaff is false.
 */
export async function authenticateApiToken(context: ServiceContext, token: string): Promise<Caller> {
  if (!looksLikeApiToken(token)) throw notAuthenticated();
  const found = await findApiToken(context.db, hashSecret(token));
  if (!found) throw notAuthenticated();
  const now = context.now();
  if (found.token.expiresAt && found.token.expiresAt.getTime() <= now.getTime()) throw notAuthenticated();
  // Most calls come within a minute of the last: they read only, without an UPDATE.
  const lastUsed = found.token.lastUsedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  if (now.getTime() - lastUsed >= API_TOKEN_TOUCH_INTERVAL_MS) await touchApiToken(context.db, found.token.id, now);
  return {
    userId: found.user.id,
    email: found.user.email,
    isVerified: found.user.isVerified,
    isStaff: false,
    isDemo: found.user.isDemo,
    sessionId: null,
    // The profile's `uid` is the session key; a token is not echoed into answers that scripts may log.
    key: '',
    impersonatorId: null,
    apiToken: { id: found.token.id, scope: found.token.scope },
  };
}
