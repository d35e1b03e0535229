import { cacheSpec } from '../../caches/bounded-cache';
import type { ChangeFeed } from '../../db/change-feed';
import { createRowCache, type RowCache } from '../../db/row-cache';
import type { SessionWithUser } from './sessions.repository';

/**
 * How long a replica may answer a key from memory without reading its session again. Ending a
 * session (logout, sign out everywhere, a password change or reset, any write to the user) drops
 * it at once on the replica that ended it and on the others when the NOTIFY arrives; this bounds
 * what a notification lost unnoticed could leave usable. Expiry is judged on every request.
 */
export const SESSION_CACHE_TTL_MS = 5_000;

/** Active sessions and their users by key hash, kept per process (see db/row-cache.ts). */
export type SessionCache = RowCache<SessionWithUser>;

export const createSessionCache = (changes: ChangeFeed, now: () => Date): SessionCache =>
  createRowCache<SessionWithUser>({
    changes,
    now,
    ttlMs: SESSION_CACHE_TTL_MS,
    cache: cacheSpec('sessions'),
    tagsOf: (session) => [`user:${session.user.id}`],
  });
