import { fromAbsolute, toCalendarDate, toZoned } from '@internationalized/date';
import { HOUR_MS, type Instant, toMs } from './time';

/**
 * The local day an instant falls in, in an IANA zone (issue 15: the uptime strip spans the user's
 * day, not the UTC day). A day is 23, 24 or 25 hours across daylight saving; a midnight skipped by
 * a change begins the day at the first instant that exists ('compatible', as Temporal does).
 */
export function localDayStart(instant: Instant, timeZone: string): number {
  const date = toCalendarDate(fromAbsolute(toMs(instant), timeZone));
  return toZoned(date, timeZone, 'compatible').toDate().getTime();
}

/** [start, end) of the local day the instant falls in, in epoch ms. */
export function localDay(instant: Instant, timeZone: string): { start: number; end: number } {
  const start = localDayStart(instant, timeZone);
  // 36 h after a midnight is always inside the next day, whatever its length.
  return { start, end: localDayStart(start + 36 * HOUR_MS, timeZone) };
}
