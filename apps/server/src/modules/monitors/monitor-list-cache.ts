import { createHash } from 'node:crypto';
import { cacheSpec } from '../../caches/bounded-cache';
import type { ChangeFeed } from '../../db/change-feed';
import { createRowCache, type RowCache } from '../../db/row-cache';
import { EncodedBody } from '../../http/encoded-body';

/**
 * How long a replica may send a user's whole list from memory without reading it again. Every
 * write to what it shows announces itself (db/change-feed.ts: the monitors and their state rows —
 * ingest's slow-response flags are written with the state row — by monitor id, a monitor added or
 * removed by its owner, a flapping flag turning, migration 0039) and drops it at once here and on
 * the other replicas; this bounds what a notification lost unnoticed could delay.
 */
export const LIST_CACHE_TTL_MS = 5_000;
// Lists kept and the bytes of their JSON: caches/cache-catalogue.ts ('monitor-lists'); a list of
// 1,000 monitors is some 150 KiB.

/** A user's whole list as it is sent: its JSON once, compressed once per encoding, and its validator. */
export interface KeptList {
  userId: number;
  /** The monitors it shows: a change to any of them makes it stale. */
  monitorIds: number[];
  body: EncodedBody;
  etag: string;
}

/** Whole lists by user id (`list:<user>`), read only as that user's. */
export type MonitorListCache = RowCache<KeptList>;

export const createMonitorListCache = (changes: ChangeFeed, now: () => Date): MonitorListCache =>
  createRowCache<KeptList>({
    changes,
    now,
    ttlMs: LIST_CACHE_TTL_MS,
    cache: cacheSpec('monitor-lists'),
    sizeOf: (list) => list.body.size,
    tagsOf: (list) => [`owner:${list.userId}`, ...list.monitorIds.map((id) => `monitor:${id}`)],
  });

/**
 * The list as kept: its ETag is a digest of what is sent (and whose it is), so it changes exactly
 * when the answer does — a check that leaves every status as it was leaves the ETag too.
 */
export function keptList(userId: number, monitorIds: number[], json: string): KeptList {
  const etag = `"${createHash('sha1').update(`${userId}\n`).update(json).digest('base64url')}"`;
  return { userId, monitorIds, body: new EncodedBody(json), etag };
}
