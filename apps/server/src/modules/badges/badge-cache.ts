import type { LRUCache } from 'lru-cache';
import { boundedCache, cacheSpec } from '../../caches/bounded-cache';
import type { ServiceContext } from '../../context';
import { createMetricSubjectCache, type MetricSubjectCache } from '../metrics/metric-subject-cache';

/** A badge ready to send: its SVG and the validator of exactly these bytes. */
export interface Badge {
  etag: string;
  svg: string;
}

/**
 * A badge reads the clock (the window ends now, an open downtime lasts until now, a maintenance
 * window starts by the clock), so a kept one is recomputed at least this often even when no check
 * comes in — the same minute the answer's `Cache-Control: max-age=60` lets a browser keep it.
 */
export const BADGE_FRESHNESS_MS = 60_000;

// A badge is some 1 KiB of SVG: caches/cache-catalogue.ts ('badges') keeps a few MiB per process at most.

/**
 * What one process keeps of the public badges: the monitors of share tokens (the metric subject
 * cache, dropped by the change feed when a check, an edit or a new token rewrites the monitor) and
 * the badges drawn from them, keyed by the subject's version and the freshness bucket, so a kept
 * badge is never served after its data changed, only evicted unused. Concurrent misses of one key
 * share one computation (lru-cache's fetch): a crowd of README views costs one, not one each.
 */
export interface BadgeCaches {
  subjects: MetricSubjectCache;
  badges: LRUCache<string, Badge, () => Promise<Badge>>;
}

export const newBadgeCaches = (context: ServiceContext): BadgeCaches => ({
  subjects: createMetricSubjectCache(context.changes, () => context.now()),
  badges: boundedCache<string, Badge, () => Promise<Badge>>(cacheSpec('badges'), {
    fetchMethod: async (_key, _stale, { context: compute }) => compute(),
  }),
});

/** The badge under `key`: the kept one, or `compute`'s, kept for the next request. */
export async function keptBadge(caches: BadgeCaches, key: string, compute: () => Promise<Badge>): Promise<Badge> {
  const found = await caches.badges.fetch(key, { context: compute });
  if (!found) throw new Error(`badge ${key} could not be computed`);
  return found;
}
