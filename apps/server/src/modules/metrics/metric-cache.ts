import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { VersionedAnswer } from '../../http/conditional';

/**
 * What one process keeps: at most this many answers, and at most this much of them as JSON text
 * (an answer with six months of heat map is some 10 KiB; in the heap about three times that).
 * Entries are keyed by the data's version, so a stale one is never served, only evicted unused;
 * every replica computes the same answer for the same key, so replicas need no coherence.
 */
const MAX_ENTRIES = 2_000;
const MAX_JSON_BYTES = 8 * 1024 * 1024;

/** The validator of an answer: a digest of its key, so it says nothing about the data. */
export const etagOf = (key: string) => `"${createHash('sha1').update(key).digest('base64url')}"`;

/**
 * Computed answers by key. Concurrent misses of one key share one computation (lru-cache's fetch),
 * so a crowd of readers arriving just after a check costs one computation, not one each.
 */
export class AnswerCache<T extends object> {
  private readonly cache = new LRUCache<string, T, () => Promise<T>>({
    max: MAX_ENTRIES,
    maxSize: MAX_JSON_BYTES,
    // Measured once, when an answer is computed; a hit costs nothing.
    sizeCalculation: (answer) => JSON.stringify(answer).length,
    fetchMethod: (_key, _stale, { context }) => context(),
  });

  /** The answer under `key`: the kept one, or `compute`'s, kept for the next caller. */
  versioned(key: string, compute: () => Promise<T>): VersionedAnswer<T> {
    return {
      etag: etagOf(key),
      read: async () => {
        const found = await this.cache.fetch(key, { context: compute });
        if (!found) throw new Error(`metric answer ${key} could not be computed`);
        return found;
      },
    };
  }
}
