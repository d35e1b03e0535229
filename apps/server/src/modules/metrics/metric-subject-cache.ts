import { cacheSpec } from '../../caches/bounded-cache';
import type { ChangeFeed } from '../../db/change-feed';
import { createRowCache, type RowCache } from '../../db/row-cache';
import type { MetricSubject } from './metric-subject.repository';

/**
 * How long a replica may use a metric subject (monitor, state, version, plan history) from memory
 * without reading it again. A check ingested, a monitor edited or paused, a subscription or plan
 * changed drops it at once on the replica that wrote and on the others when the NOTIFY arrives;
 * this bounds what a notification lost unnoticed could delay (an answer a few seconds old).
 */
export const SUBJECT_CACHE_TTL_MS = 5_000;

/**
 * Subjects by how they were looked up: `own:<user>:<monitor>` (found only as that user's, so a
 * kept one is never handed to another user) or `share:<token>`.
 */
export type MetricSubjectCache = RowCache<MetricSubject>;

export const createMetricSubjectCache = (changes: ChangeFeed, now: () => Date): MetricSubjectCache =>
  createRowCache<MetricSubject>({
    changes,
    now,
    ttlMs: SUBJECT_CACHE_TTL_MS,
    cache: cacheSpec('metric-subjects'),
    tagsOf: (subject) => [`monitor:${subject.monitor.id}`, `owner:${subject.monitor.userId}`],
    clearOn: ['plan'],
  });
