import { createHash } from 'node:crypto';
import type { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { lazyCache } from '../../caches/bounded-cache';
import type { CacheName } from '../../caches/cache-catalogue';
import type { VersionedAnswer } from '../../http/conditional';
import { EncodedBody } from '../../http/encoded-body';

/*
 * What one process keeps of each kind of answer: at most so many, and at most so much of them as
 * JSON text (caches/cache-catalogue.ts; an answer with six months of heat map is some 10 KiB, in
 * the heap about three times that). Entries are keyed by the data's version, so a stale one is
 * never served, only evicted unused; every replica computes the same answer for the same key, so
 * replicas need no coherence.
 */

const recentEtags = lazyCache<string, string>('etags');

/**
 * The validator of an answer: a digest of its key, so it says nothing about the data. Kept for the
 * recent keys: a crowd revalidating one answer would otherwise hash the same key on every request.
 */
export function etagOf(key: string): string {
  const etags = recentEtags();
  let etag = etags.get(key);
  if (etag === undefined) {
    etag = `"${createHash('sha1').update(key).digest('base64url')}"`;
    etags.set(key, etag);
  }
  return etag;
}

/**
 * Computed answers by key, kept as the JSON the route's response schema makes of them (encoded and
 * checked by it, as Fastify's serializer would, once) and compressed on first demand. Concurrent
 * misses of one key share one computation (lru-cache's fetch), so a crowd of readers arriving just
 * after a check costs one computation, not one each.
 */
export class AnswerCache<T extends object> {
  /** Made at first use (a page's answers are made at import time, before the limits are set). */
  private readonly cache: () => LRUCache<string, EncodedBody, () => Promise<T>>;

  /** `name`: which of the catalogue's caches these answers are kept in (its bound and count). */
  constructor(
    private readonly schema: z.ZodType<T>,
    name: CacheName,
  ) {
    this.cache = lazyCache<string, EncodedBody, () => Promise<T>>(name, {
      sizeOf: (body) => body.size,
      fetchMethod: async (_key, _stale, { context }) =>
        new EncodedBody(JSON.stringify(z.encode(this.schema, await context()))),
    });
  }

  /** Whether the answer under `key` is computed and kept (not while it is being computed). */
  has(key: string): boolean {
    return this.cache().has(key);
  }

  /** The answer under `key`: the kept one, or `compute`'s, kept for the next caller. */
  versioned(key: string, compute: () => Promise<T>): VersionedAnswer {
    return {
      etag: etagOf(key),
      read: async () => {
        const found = await this.cache().fetch(key, { context: compute });
        if (!found) throw new Error(`metric answer ${key} could not be computed`);
        return found;
      },
    };
  }
}
