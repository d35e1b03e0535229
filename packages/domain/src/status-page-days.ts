import type { DowntimeInterval } from './downtimes';
import { readerDays } from './local-day';
import { DAY_MS } from './time';
import { uptimeSummary } from './uptime';

/** One day's bar on a status page. */
export interface DayBar {
  /** The day's date, named by its 00:00 UTC (as ReaderDays names dates). */
  date: number;
  uptimePercent: number | null;
  downtimeSeconds: number;
}

export interface MonitorHistory {
  downtimes: Iterable<DowntimeInterval>;
  /** Paused and maintenance spans: neither up nor down. */
  notCounted: Iterable<DowntimeInterval>;
  monitoredSince: Date | null;
}

/** The dates of the last `count` days in `timeZone`, oldest first, the last one today. */
export function lastDates(now: number, timeZone: string, count: number): number[] {
  const today = readerDays(timeZone).dateOf(now);
  return Array.from({ length: count }, (_, index) => today - (count - 1 - index) * DAY_MS);
}

/**
 * A bar per date with uptimeSummary's rules: time before the first check, paused and maintenance
 * time count neither up nor down; a day with nothing observed (or before the first check) is null.
 */
export function dailyBars(history: MonitorHistory, dates: readonly number[], timeZone: string, now: number): DayBar[] {
  const days = readerDays(timeZone);
  const downtimes = [...history.downtimes];
  const notCounted = [...history.notCounted];
  return dates.map((date) => {
    const span = days.spanOf(date);
    if (!history.monitoredSince) return { date, uptimePercent: null, downtimeSeconds: 0 };
    const summary = uptimeSummary(downtimes, { start: span.start, end: span.end }, now, {
      monitoredSince: history.monitoredSince,
      paused: notCounted,
    });
    return { date, uptimePercent: summary.uptimePercent, downtimeSeconds: summary.downtimeSeconds };
  });
}
