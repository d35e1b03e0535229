import { readerDays } from './local-day';
import { DAY_MS, type Instant, toMs, utcDayStart } from './time';

/**
 * Which days of a monitor's history may be looked at. Days are calendar days in the reader's zone
 * (issue 15), UTC days when no zone is given; a day is named by its date's 00:00 UTC (local-day.ts).
 *
 * The plan's METRIC_HISTORY_DAYS counts past days: today is day 0 and a 7-day plan sees today and
 * the 7 days before it (days 0..7). A future day is never within history.
 */

/** The earliest day the date picker offers (spec §9): 5 Nov 2018. */
export const EARLIEST_DAY = Date.UTC(2018, 10, 5);

/** Shown when a day is older than the plan's history period (spec §2, §8). */
export const HISTORY_BLOCKED_TEXT = "You can't see the history for this day.";

const DAY_PATTERN = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/**
 * 00:00 UTC of a `yyyy-MM-d` day (the `?day=` format; month and day may have one digit or be
 * zero-padded: '2024-3-5', '2024-03-5', '2024-03-05'), or null when it is not a real date.
 */
export function parseDay(text: string): number | null {
  const match = DAY_PATTERN.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = Date.UTC(year, month - 1, day);
  const date = new Date(start);
  // Date.UTC rolls 2023-02-30 over into March; a real date survives the round trip.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return start;
}

/** The `?day=` parameter for an instant's UTC day, in the spec's `yyyy-MM-d` form: '2024-03-5'. */
export function formatDayParam(instant: Instant): string {
  const date = new Date(toMs(instant));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${date.getUTCDate()}`;
}

/** An ISO calendar date for an instant's UTC day, '2024-03-05': the key of monthly metrics. */
export function formatDayKey(instant: Instant): string {
  return new Date(utcDayStart(instant)).toISOString().slice(0, 10);
}

/** The first day the date picker offers: the later of 5 Nov 2018 and the monitor's creation day. */
export function minimumCalendarDay(creationTime: Instant | null, timeZone?: string | null): number {
  if (creationTime === null) return EARLIEST_DAY;
  return Math.max(EARLIEST_DAY, readerDays(timeZone).dateOf(creationTime));
}

/** Whole days from the date `day` to `now`'s date: 0 today, 1 yesterday, negative in the future. */
export function daysAgo(day: Instant, now: Instant, timeZone?: string | null): number {
  return Math.round((readerDays(timeZone).dateOf(now) - utcDayStart(day)) / DAY_MS);
}

/** Whether a date is within the plan's history: from `historyDays` days ago up to today. */
export function isWithinHistory(day: Instant, historyDays: number, now: Instant, timeZone?: string | null): boolean {
  const age = daysAgo(day, now, timeZone);
  return age >= 0 && age <= historyDays;
}

export type DayCheck = 'ok' | 'invalid' | 'future' | 'before-minimum' | 'beyond-history';

export interface DayRequest {
  /** The `?day=` text. */
  day: string;
  now: Instant;
  /** The plan's METRIC_HISTORY_DAYS. */
  historyDays: number;
  creationTime: Instant | null;
  /** The reader's zone: whose today, and whose creation day; UTC when absent. */
  timeZone?: string | null | undefined;
}

/** Whether a requested day may be shown, and if not why; 'beyond-history' is the one shown as HISTORY_BLOCKED_TEXT. */
export function checkHistoryDay(request: DayRequest): DayCheck {
  const day = parseDay(request.day);
  if (day === null) return 'invalid';
  const { now, timeZone } = request;
  if (daysAgo(day, now, timeZone) < 0) return 'future';
  if (day < minimumCalendarDay(request.creationTime, timeZone)) return 'before-minimum';
  if (!isWithinHistory(day, request.historyDays, now, timeZone)) return 'beyond-history';
  return 'ok';
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
