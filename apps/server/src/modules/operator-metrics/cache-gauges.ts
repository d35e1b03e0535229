import { Gauge, type Registry } from 'prom-client';
import { cacheCensus } from '../../caches/bounded-cache';

/**
 * The in-memory caches as they stand (caches/bounded-cache.ts): entries, size in each one's unit
 * and its limit (`CACHE_LIMITS`), one series per catalogue name, so an operator sees which cache
 * holds the memory and which one is full.
 */
export function addCacheGauges(scrape: Registry): void {
  const labelNames = ['cache', 'unit'] as const;
  const entries = new Gauge({
    name: 'paydar_cache_entries',
    help: 'Entries held by each in-memory cache of this process.',
    labelNames,
    registers: [scrape],
  });
  const size = new Gauge({
    name: 'paydar_cache_size',
    help: 'What each in-memory cache holds, in its unit (entries, bytes of kept text or days).',
    labelNames,
    registers: [scrape],
  });
  const limit = new Gauge({
    name: 'paydar_cache_limit',
    help: "Each in-memory cache's bound, in its unit (CACHE_LIMITS).",
    labelNames,
    registers: [scrape],
  });
  for (const count of cacheCensus()) {
    const labels = { cache: count.name, unit: count.unit };
    entries.set(labels, count.entries);
    size.set(labels, count.size);
    limit.set(labels, count.limit);
  }
}
