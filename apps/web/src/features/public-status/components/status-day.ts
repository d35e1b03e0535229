import { type DaySpan, readerDays } from '@paydar/domain/local-day';
import { DAY_MS } from '@paydar/domain/time';

/** How far back the public status page looks: the day two days before today (spec §2). */
export const STATUS_DAYS_BACK = 2;

export interface StatusDay extends DaySpan {
  /** The day's date in the viewer's calendar, named by its 00:00 UTC: what the metric is asked for, with the zone. */
  date: number;
}

/**
 * The day the status page shows, in the viewer's zone (issue 15: not the UTC day): the local date
 * `daysBack` before today's, and its instants — 23, 24 or 25 hours.
 */
export function statusDay(now: number, timeZone: string, daysBack = STATUS_DAYS_BACK): StatusDay {
  const days = readerDays(timeZone);
  const date = days.dateOf(now) - daysBack * DAY_MS;
  return { date, ...days.spanOf(date) };
}
