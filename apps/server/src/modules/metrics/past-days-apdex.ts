import type { ApdexCounts } from '@paydar/domain/apdex';
import type { Span } from '@paydar/domain/downtimes';
import type { ReaderDays } from '@paydar/domain/local-day';
import { DAY_MS } from '@paydar/domain/time';
import { boundedCache, cacheSpec } from '../../caches/bounded-cache';
import type { Database } from '../../db/client';
import { apdexByDay } from './metrics.repository';

// Days of counts kept in all, caches/cache-catalogue.ts ('past-days-apdex'; an entry is one
// monitor's heat map in one zone, up to 180 days): by default some 2,500 monitors' 90-day maps, a
// few tens of MiB, however many zones and dates have come and gone.
/** An entry's key names its dates, so after a day it is never asked for again: it goes then, not at eviction. */
const KEPT_MS = 26 * 60 * 60 * 1000;

type DailyApdex = Map<number, ApdexCounts>;

export interface DailyApdexRequest {
  monitorId: number;
  /** The subject's `historyVersion`, read before any rollup is (so a kept entry is never newer than its key says). */
  historyVersion: number;
  days: ReaderDays;
  /** The heat map's days, [from, to) in epoch ms (`windows.months`): day starts in the reader's days. */
  span: Span;
  now: number;
}

/**
 * The heat map's apdex counts per day (apdexByDay) with the days before the reader's yesterday
 * kept: a check changes only its own quarter, so after one the metric reads two days of rollups,
 * not 90 (issue 26: 90 days × 96 quarters × 3 probers read again on every check). The kept days
 * are keyed by monitor, zone, their span and the monitor's late-write counter, which a result for
 * any of them moves (migration 0040); yesterday is read every time, so a late result for it — the
 * common one, just after midnight — shows at once without moving anything.
 */
export class PastDaysApdex {
  private readonly kept = boundedCache<string, DailyApdex, () => Promise<DailyApdex>>(cacheSpec('past-days-apdex'), {
    sizeOf: (days) => days.size,
    ttl: KEPT_MS,
    fetchMethod: (_key, _stale, { context }) => context(),
  });

  async byDay(db: Database, request: DailyApdexRequest): Promise<DailyApdex> {
    const { monitorId, days, span } = request;
    const yesterday = days.spanOf(days.dateOf(request.now) - DAY_MS).start;
    const split = Math.min(Math.max(span.from, yesterday), span.to);
    const recent = apdexByDay(db, monitorId, { from: split, to: span.to }, days);
    if (split <= span.from) return recent;
    const key = [monitorId, days.timeZone, span.from, split, request.historyVersion].join('|');
    const past = this.kept.fetch(key, {
      context: () => apdexByDay(db, monitorId, { from: span.from, to: split }, days),
    });
    const [before, last] = await Promise.all([past, recent]);
    if (!before) throw new Error(`past days ${key} could not be read`);
    return new Map([...before, ...last]);
  }
}
