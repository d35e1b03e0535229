import { isWithinHistory, minimumCalendarDay } from '@paydar/domain/history';

/**
 * What the status page may ask the server for about the viewer's day, decided before asking so the
 * browser never logs a refused call: the day before the monitor existed is refused (400), a day
 * past the plan's history too (403) — both counted in the viewer's dates, as the server counts them.
 * - `before-creation`: nothing to ask; the page says the monitor did not exist yet.
 * - `unknown`: the plan is still loading; wait.
 * - `beyond-history`: nothing to ask; the plan keeps fewer days.
 * - `ok`: the raw records and the day's metric.
 */
export type DayAvailability = 'ok' | 'before-creation' | 'beyond-history' | 'unknown';

export function dayAvailability(input: {
  /** The day's date, named by its 00:00 UTC. */
  date: number;
  /** The monitor's creation time (ISO 8601). */
  creationTime: string;
  /** The plan's METRIC_HISTORY_DAYS; undefined while unknown. */
  historyDays: number | undefined;
  now: number;
  /** The viewer's zone. */
  timeZone: string;
}): DayAvailability {
  const created = Date.parse(input.creationTime);
  if (Number.isFinite(created) && minimumCalendarDay(created, input.timeZone) > input.date) return 'before-creation';
  if (input.historyDays === undefined) return 'unknown';
  return isWithinHistory(input.date, input.historyDays, input.now, input.timeZone) ? 'ok' : 'beyond-history';
}
