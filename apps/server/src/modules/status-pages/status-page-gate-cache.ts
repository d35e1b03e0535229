import { cacheSpec } from '../../caches/bounded-cache';
import type { ChangeFeed } from '../../db/change-feed';
import { createRowCache, type RowCache } from '../../db/row-cache';
import type { PageGate } from './status-pages.public.repository';

/**
 * How long a replica may use a page's look-up (id, password hash, version) from memory. A write to
 * the page, its monitors or their states drops it at once through the change feed; this bounds
 * what a notification lost unnoticed could delay.
 */
export const PAGE_GATE_TTL_MS = 5_000;

/** Page look-ups by `slug:<slug>` or `domain:<host>`: a visit then costs no query at all. */
export type PageGateCache = RowCache<PageGate>;

export const createPageGateCache = (changes: ChangeFeed, now: () => Date): PageGateCache =>
  createRowCache<PageGate>({
    changes,
    now,
    ttlMs: PAGE_GATE_TTL_MS,
    cache: cacheSpec('status-page-gates'),
    tagsOf: (gate) => [`status_page:${gate.id}`, ...gate.monitorIds.map((id) => `monitor:${id}`)],
  });
