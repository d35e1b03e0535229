import type { Metric } from '@paydar/contracts/metrics';
import { type DaySpan, localDay, readerDays } from '@paydar/domain/local-day';
import { type UptimeTimeline, uptimeTimeline } from '@paydar/domain/timeline';

export type { DaySpan };

/**
 * The day a metric answer shows, in the reader's zone `timeZone` (the zone the figures were asked
 * for, issue 15): today, or a chosen date (named by its 00:00 UTC) — 23, 24 or 25 hours long.
 */
export function shownDay(day: 'today' | number, fetchTime: string, timeZone: string): DaySpan {
  try {
    return day === 'today' ? localDay(Date.parse(fetchTime), timeZone) : readerDays(timeZone).spanOf(day);
  } catch {
    // A zone this browser does not know (the server's tz database is newer): the UTC day.
    return day === 'today' ? localDay(Date.parse(fetchTime), 'UTC') : readerDays().spanOf(day);
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
