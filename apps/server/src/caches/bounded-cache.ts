import { LRUCache } from 'lru-cache';
import { CACHE_CATALOGUE, type CacheName, type CacheSpec } from './cache-catalogue';
import type { CacheLimits } from './cache-limits-setting';

/**
 * The one place the server makes an in-memory cache: bounded by its spec (a named cache of the
 * catalogue, with the configured limit) and counted for the operators' `/metrics`.
 */

let configured: CacheLimits = {};

/**
 * Sets the limits of the named caches made from now on (the runtime does it at start, from
 * `CACHE_LIMITS`, before any cache is made; caches made at import time are made lazily, lazyCache).
 */
export function applyCacheLimits(limits: CacheLimits): void {
  configured = { ...limits };
}

/** The spec of a named cache, with the configured limit. */
export function cacheSpec(name: CacheName): CacheSpec {
  return { name, ...CACHE_CATALOGUE[name], limit: configured[name] ?? CACHE_CATALOGUE[name].limit };
}

type Options<K extends {}, V extends {}, FC> = Omit<
  LRUCache.Options<K, V, FC>,
  'max' | 'maxSize' | 'sizeCalculation' | 'maxEntrySize'
> & {
  /** How much of a cache counted in bytes or days one value takes (at least 1). */
  sizeOf?: (value: V, key: K) => number;
};

/** What the census reads of a cache, whatever it keeps. */
type Countable = Pick<LRUCache<string, object>, 'size' | 'calculatedSize'>;

interface Counted {
  spec: CacheSpec;
  cache: WeakRef<Countable>;
}

const counted: Counted[] = [];

export function boundedCache<K extends {}, V extends {}, FC = unknown>(
  spec: CacheSpec,
  options: Options<K, V, FC> = {},
): LRUCache<K, V, FC> {
  const { sizeOf, ...rest } = options;
  let cache: LRUCache<K, V, FC>;
  if (spec.unit === 'entries') {
    cache = new LRUCache<K, V, FC>({ ...rest, max: spec.limit } as LRUCache.Options<K, V, FC>);
  } else {
    if (!sizeOf) throw new Error(`cache ${spec.name} is counted in ${spec.unit}: it needs sizeOf`);
    cache = new LRUCache<K, V, FC>({
      ...rest,
      ...(spec.entries ? { max: spec.entries } : {}),
      maxSize: spec.limit,
      sizeCalculation: (value: V, key: K) => Math.max(1, sizeOf(value, key)),
    } as LRUCache.Options<K, V, FC>);
  }
  counted.push({ spec, cache: new WeakRef<Countable>(cache) });
  return cache;
}

/** A cache made at first use, after the runtime has applied the configured limits. */
export function lazyCache<K extends {}, V extends {}, FC = unknown>(
  name: CacheName,
  options: Options<K, V, FC> = {},
): () => LRUCache<K, V, FC> {
  let cache: LRUCache<K, V, FC> | undefined;
  return () => {
    cache ??= boundedCache(cacheSpec(name), options);
    return cache;
  };
}

export interface CacheCount {
  name: string;
  unit: CacheSpec['unit'];
  entries: number;
  /** In the cache's unit: entries, or the bytes or days counted. */
  size: number;
  limit: number;
}

/**
 * Every named cache of the catalogue with what this process holds in it now, summed over its
 * instances (one per runtime); a name whose cache is not made yet shows nothing held. Caches no
 * longer reachable are forgotten.
 */
export function cacheCensus(): CacheCount[] {
  const byName = new Map<string, CacheCount>();
  for (const name of Object.keys(CACHE_CATALOGUE) as CacheName[]) {
    const spec = cacheSpec(name);
    byName.set(name, { name, unit: spec.unit, entries: 0, size: 0, limit: spec.limit });
  }
  for (let index = counted.length - 1; index >= 0; index -= 1) {
    const item = counted[index] as Counted;
    const cache = item.cache.deref();
    if (!cache) {
      counted.splice(index, 1);
      continue;
    }
    const count = byName.get(item.spec.name);
    if (!count) continue;
    count.entries += cache.size;
    count.size += item.spec.unit === 'entries' ? cache.size : cache.calculatedSize;
  }
  return [...byName.values()];
}
