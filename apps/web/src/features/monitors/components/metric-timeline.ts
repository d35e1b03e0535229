import type { Metric } from '@paydar/contracts/metrics';
import { DAY_MS } from '@paydar/domain/time';
import { type UptimeTimeline, uptimeTimeline } from '@paydar/domain/timeline';

/** The uptime timeline of the UTC day starting at `dayStart`, from a metric answer (list strip and detail). */
export function metricTimeline(
  metric: Pick<Metric, 'downtimes' | 'paused' | 'first_check_at' | 'fetch_time'> & Partial<Pick<Metric, 'maintenance'>>,
  dayStart: number,
): UptimeTimeline {
  const since = metric.first_check_at === null ? null : Date.parse(metric.first_check_at);
  return uptimeTimeline(
    metric.downtimes.map(toInterval),
    { start: dayStart, end: dayStart + DAY_MS },
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
