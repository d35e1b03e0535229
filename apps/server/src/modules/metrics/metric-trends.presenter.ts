import { type MetricTrends, type PercentileSeries, UPTIME_WINDOW_DAYS } from '@paydar/contracts/metric-trends';
import { percentileFromBuckets } from '@paydar/domain/bucket-percentile';
import { type DowntimeInterval, pauseRows, type Span } from '@paydar/domain/downtimes';
import { DAY_MS, HOUR_MS } from '@paydar/domain/time';
import { uptimeSummary } from '@paydar/domain/uptime';
import type { HourBuckets } from './metric-trends.repository';

/** What a trends answer is made of, as the repositories read it. */
export interface TrendSources {
  now: Date;
  /** The day shown (the reader's day; today cut at the end of the local hour now is in): the windows end with it. */
  day: Span;
  /** Epoch ms before which the plan's history does not reach. */
  historyStart: number;
  firstCheckAt: Date | null;
  /** Downtimes, pauses and maintenance spans touching the longest uptime window. */
  downtimes: DowntimeInterval[];
  paused: DowntimeInterval[];
  maintenance: DowntimeInterval[];
  /** Bucket counts per prober and hour of the week ending with the day. */
  buckets: HourBuckets[];
}

/** The longest uptime window, [from, to): what the downtimes, pauses and maintenance are read for. */
export const longestUptimeWindow = (day: Span): Span => ({
  from: day.to - Math.max(...UPTIME_WINDOW_DAYS) * DAY_MS,
  to: day.to,
});

/** The week of the response-time series: the day shown and the 6 days before it. */
export const trendWeek = (day: Span): Span => ({ from: day.to - 7 * DAY_MS, to: day.to });

/**
 * p50/p95 per prober and hour of `span`, from the rows inside it; an hour without successful checks
 * is null. `span` begins on a local hour of the reader (a midnight, or a week back from a local hour's
 * end) and the rows are hours counted from the week's start, so each value sits at its own local hour
 * — in Tehran 00:00, 01:00…, in Kathmandu too — and a day is 23, 24 or 25 of them.
 */
export function percentileSeriesOf(rows: readonly HourBuckets[], span: Span): PercentileSeries {
  const from = span.from;
  const hours = Math.max(0, Math.ceil((span.to - from) / HOUR_MS));
  const byProber = new Map<number, PercentileSeries['probers'][number]>();
  for (const row of rows) {
    if (row.hour < from || row.hour >= span.to) continue;
    let prober = byProber.get(row.proberId);
    if (!prober) {
      prober = {
        id: row.proberId,
        name: row.name,
        country_code: row.countryCode,
        p50: new Array<number | null>(hours).fill(null),
        p95: new Array<number | null>(hours).fill(null),
      };
      byProber.set(row.proberId, prober);
    }
    const index = Math.floor((row.hour - from) / HOUR_MS);
    prober.p50[index] = percentileFromBuckets(row.buckets, 50)?.ms ?? null;
    prober.p95[index] = percentileFromBuckets(row.buckets, 95)?.ms ?? null;
  }
  const probers = [...byProber.values()].filter((prober) => prober.p50.some((value) => value !== null));
  return { from: new Date(from).toISOString(), hours, probers: probers.sort((a, b) => a.id - b.id) };
}

/** Uptime over 7, 30 and 90 days, p50/p95 for the day and the week, and the week's paused and maintenance spans. */
export function presentTrends(sources: TrendSources): MetricTrends {
  const { now, day, firstCheckAt } = sources;
  const leftOut = [...sources.paused, ...sources.maintenance];
  const uptime = UPTIME_WINDOW_DAYS.map((days) => {
    const start = day.to - days * DAY_MS;
    const withinHistory = start >= sources.historyStart;
    const percent =
      withinHistory && firstCheckAt
        ? uptimeSummary(sources.downtimes, { start, end: day.to }, now, {
            monitoredSince: firstCheckAt,
            paused: leftOut,
          }).uptimePercent
        : null;
    return { days, uptime_percent: percent, within_history: withinHistory };
  });
  const week = trendWeek(day);
  const weekWindow = { start: week.from, end: week.to };
  return {
    fetch_time: now.toISOString(),
    uptime,
    response_time: {
      day: percentileSeriesOf(sources.buckets, day),
      week: percentileSeriesOf(sources.buckets, week),
    },
    paused: pauseRows(sources.paused, weekWindow, now),
    maintenance: pauseRows(sources.maintenance, weekWindow, now),
  };
}
