import { isWithinHistory } from '@paydar/domain/history';
import { utcDayStart } from '@paydar/domain/time';

/**
 * What the status page may ask the server for about one UTC day, decided before asking so the
 * browser never logs a refused call: the day before the monitor existed is refused (400), a day
 * past the plan's history too (403).
 * - `before-creation`: nothing to ask; the page says the monitor did not exist yet.
 * - `unknown`: the plan is still loading; wait.
 * - `beyond-history`: nothing to ask; the plan keeps fewer days.
 * - `ok`: the raw records and the day's metric.
 */
export type DayAvailability = 'ok' | 'before-creation' | 'beyond-history' | 'unknown';

export function dayAvailability(input: {
  dayStart: number;
  /** The monitor's creation time (ISO 8601). */
  creationTime: string;
  /** The plan's METRIC_HISTORY_DAYS; undefined while unknown. */
  historyDays: number | undefined;
  now: number;
}): DayAvailability {
  const created = Date.parse(input.creationTime);
  if (Number.isFinite(created) && utcDayStart(created) > input.dayStart) return 'before-creation';
  if (input.historyDays === undefined) return 'unknown';
  return isWithinHistory(input.dayStart, input.historyDays, input.now) ? 'ok' : 'beyond-history';
}
