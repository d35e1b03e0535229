import { boundedCache } from '../caches/bounded-cache';
import type { CacheSpec } from '../caches/cache-catalogue';
import type { ChangeEvent, ChangeFeed, ChangeKind } from './change-feed';

/**
 * A value is read again once it is this share of the TTL old, and sent as kept meanwhile; only
 * one as old as the TTL waits for the read. The TTL still bounds how old a value sent can be.
 */
const RENEW_AHEAD_AT = 0.8;

/**
 * Rows read from the database, kept in this process for a few seconds and dropped as soon as the
 * change feed says they changed (on any replica). A value is served only once the feed has heard
 * every write this process committed before the request (change-feed.ts), and kept only if no
 * change arrived and the connection held while it was read, so no write whose request has
 * answered is hidden by it on this replica, nor on another once its NOTIFY arrived; the TTL bounds
 * what a notification lost without the connection noticing could hide.
 */
export interface RowCache<T> {
  /** The kept value of `key`, or `load`'s (kept when found). Nothing found is never kept. */
  get(key: string, load: () => Promise<T | undefined>): Promise<T | undefined>;
  /** Stops listening to the feed and forgets everything. */
  close(): void;
}

export interface RowCacheOptions<T> {
  changes: ChangeFeed;
  /** The clock a value's age is read from (the service clock, so tests can move it). */
  now: () => Date;
  ttlMs: number;
  /** Its name and bound (caches/: a catalogue entry, cacheSpec(name)). */
  cache: CacheSpec;
  /** The '<kind>:<id>' tags whose change makes a value stale, e.g. 'user:42'. */
  tagsOf: (value: T) => string[];
  /** Kinds any change of which makes every value stale. */
  clearOn?: ChangeKind[];
  /** For a cache counted in bytes: a value's size (one larger than the limit is not kept). */
  sizeOf?: (value: T) => number;
}

interface Kept<T> {
  value: T;
  at: number;
  tags: string[];
}

export function createRowCache<T>(options: RowCacheOptions<T>): RowCache<T> {
  const { changes } = options;
  const byTag = new Map<string, Set<string>>();
  const { sizeOf } = options;
  const cache = boundedCache<string, Kept<T>>(options.cache, {
    ...(sizeOf ? { sizeOf: (kept: Kept<T>) => sizeOf(kept.value) } : {}),
    dispose: (kept, key) => {
      for (const tag of kept.tags) {
        const keys = byTag.get(tag);
        keys?.delete(key);
        if (keys?.size === 0) byTag.delete(tag);
      }
    },
  });
  // Concurrent misses of one key share one read, as long as nothing changed in between.
  const loading = new Map<string, Promise<T | undefined>>();

  const drop = (event: ChangeEvent) => {
    if (event === 'reset' || event.ids === 'all' || options.clearOn?.includes(event.kind)) return cache.clear();
    for (const id of event.ids) {
      for (const key of [...(byTag.get(`${event.kind}:${id}`) ?? [])]) cache.delete(key);
    }
  };
  const unsubscribe = changes.subscribe(drop);

  const ageOf = (kept: Kept<T>) => options.now().getTime() - kept.at;
  const fresh = (kept: Kept<T>) => {
    const age = ageOf(kept);
    return age >= 0 && age < options.ttlMs * RENEW_AHEAD_AT;
  };
  // Past the renewal point but not yet as old as the TTL: no change named it, so it may still be sent.
  const renewable = (kept: Kept<T>) => ageOf(kept) < options.ttlMs;

  async function loadAndKeep(key: string, load: () => Promise<T | undefined>, epoch: number) {
    const at = options.now().getTime();
    const value = await load();
    if (value !== undefined && changes.epoch() === epoch) {
      const tags = options.tagsOf(value);
      cache.set(key, { value, at, tags });
      // Too large to keep: lru-cache refused it (and nothing must point at it).
      if (!cache.has(key)) return value;
      for (const tag of tags) {
        const keys = byTag.get(tag) ?? new Set();
        keys.add(key);
        byTag.set(tag, keys);
      }
    }
    return value;
  }

  return {
    async get(key, load) {
      if (!(await changes.settled())) return load();
      const kept = cache.get(key);
      if (kept && fresh(kept)) return kept.value;
      const epoch = changes.epoch();
      const shared = `${epoch}|${key}`;
      let pending = loading.get(shared);
      if (!pending) {
        pending = loadAndKeep(key, load, epoch).finally(() => loading.delete(shared));
        loading.set(shared, pending);
      }
      if (kept && renewable(kept)) {
        // Read again behind the callers' backs: a crowd on one key (every request's session, a
        // dashboard's monitors) no longer waits for that read each time the value comes of age.
        pending.catch(() => undefined);
        return kept.value;
      }
      return pending;
    },
    close() {
      unsubscribe();
      cache.clear();
    },
  };
}
