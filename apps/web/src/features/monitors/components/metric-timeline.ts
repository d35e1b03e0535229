import type { Metric } from '@paydar/contracts/metrics';
import { localDay } from '@paydar/domain/local-day';
import { DAY_MS } from '@paydar/domain/time';
import { type UptimeTimeline, uptimeTimeline } from '@paydar/domain/timeline';

/** A day as epoch ms, [start, end): 23, 24 or 25 hours long. */
export type DaySpan = { start: number; end: number };

/**
 * The day a metric answer shows: today is the reader's local day in `timeZone` (the zone the
 * figures were asked for, issue 15); a chosen past day is a UTC day (epoch ms of its start).
 */
export function shownDay(day: 'today' | number, fetchTime: string, timeZone: string): DaySpan {
  if (day !== 'today') return { start: day, end: day + DAY_MS };
  try {
    return localDay(Date.parse(fetchTime), timeZone);
  } catch {
    // A zone this browser does not know (the server's tz database is newer): the UTC day.
    return localDay(Date.parse(fetchTime), 'UTC');
  }
}

/** The uptime timeline of a day, from a metric answer (list strip and detail). */
export function metricTimeline(
  metric: Pick<Metric, 'downtimes' | 'paused' | 'first_check_at' | 'fetch_time'> & Partial<Pick<Metric, 'maintenance'>>,
  day: DaySpan,
): UptimeTimeline {
  const since = metric.first_check_at === null ? null : Date.parse(metric.first_check_at);
  return uptimeTimeline(
    metric.downtimes.map(toInterval),
    day,
    Date.parse(metric.fetch_time),
    since,
    metric.paused.map(toInterval),
    (metric.maintenance ?? []).map(toInterval),
  );
}

const toInterval = (row: { from_time: string; to_time: string | null }) => ({
  from: Date.parse(row.from_time),
  to: row.to_time === null ? null : Date.parse(row.to_time),
});
