import { CalendarDate, fromAbsolute, toCalendarDate, toZoned } from '@internationalized/date';
import { DAY_MS, HOUR_MS, type Instant, toMs, utcDayStart } from './time';

/**
 * Local days (issue 15: one time rule everywhere — the reader's zone). A day is 23, 24 or 25 hours
 * across daylight saving; a midnight skipped by a change begins the day at the first instant that
 * exists ('compatible', as Temporal does).
 *
 * A calendar date, as opposed to the instants of a day, is named by its 00:00 UTC in epoch ms: a
 * name, not an instant — formatted in UTC it prints the date. The `?day=` parameter, the date
 * picker and the heat map's keys name days that way, whatever the reader's zone.
 */

/** A day's instants, [start, end) in epoch ms. */
export type DaySpan = { start: number; end: number };

/** The local day an instant falls in: its first instant, epoch ms. */
export function localDayStart(instant: Instant, timeZone: string): number {
  const date = toCalendarDate(fromAbsolute(toMs(instant), timeZone));
  return toZoned(date, timeZone, 'compatible').toDate().getTime();
}

/** [start, end) of the local day the instant falls in, in epoch ms. */
export function localDay(instant: Instant, timeZone: string): DaySpan {
  const start = localDayStart(instant, timeZone);
  // 36 h after a midnight is always inside the next day, whatever its length.
  return { start, end: localDayStart(start + 36 * HOUR_MS, timeZone) };
}

/** The calendar date an instant falls on in the zone, named by its 00:00 UTC. */
export function localDateOf(instant: Instant, timeZone: string): number {
  const date = toCalendarDate(fromAbsolute(toMs(instant), timeZone));
  return Date.UTC(date.year, date.month - 1, date.day);
}

/** [start, end) in epoch ms of a calendar date (named by its 00:00 UTC) in the zone. */
export function localDateSpan(date: number, timeZone: string): DaySpan {
  const startOf = (name: number) => {
    const utc = new Date(utcDayStart(name));
    const calendarDate = new CalendarDate(utc.getUTCFullYear(), utc.getUTCMonth() + 1, utc.getUTCDate());
    return toZoned(calendarDate, timeZone, 'compatible').toDate().getTime();
  };
  return { start: startOf(date), end: startOf(date + DAY_MS) };
}

/** How one reader counts days: in their zone, or in UTC when none is given (the spec's first rule). */
export interface ReaderDays {
  timeZone: string;
  /** The calendar date an instant falls on, named by its 00:00 UTC. */
  dateOf(instant: Instant): number;
  /** [start, end) of a calendar date, epoch ms. */
  spanOf(date: number): DaySpan;
}

const UTC_DAYS: ReaderDays = {
  timeZone: 'UTC',
  dateOf: utcDayStart,
  spanOf: (date) => ({ start: utcDayStart(date), end: utcDayStart(date) + DAY_MS }),
};

/** The reader's days: local days of `timeZone`, UTC days when it is absent. */
export function readerDays(timeZone?: string | null): ReaderDays {
  if (!timeZone || timeZone === 'UTC') return UTC_DAYS;
  return {
    timeZone,
    dateOf: (instant) => localDateOf(instant, timeZone),
    spanOf: (date) => localDateSpan(date, timeZone),
  };
}

/**
 * The start of the local hour the instant falls in, epoch ms: in Tehran (+03:30) the hours begin at
 * :30 UTC, in Kathmandu (+05:45) at :15 — always on a quarter hour, so a local hour is four rollup rows.
 */
export function localHourStart(instant: Instant, timeZone: string): number {
  const ms = toMs(instant);
  const offset = fromAbsolute(ms, timeZone).offset;
  return ms - mod(ms + offset, HOUR_MS);
}

/**
 * The local hours of [from, to) as [start, end) spans, oldest first: the first is the local hour
 * `from` is in. A day is 23, 24 or 25 of them across daylight saving, each one clock hour long
 * (where a zone moves its clocks by half an hour, the hour across the change is cut there).
 */
export function localHours(from: number, to: number, timeZone: string): DaySpan[] {
  const hours: DaySpan[] = [];
  let start = localHourStart(from, timeZone);
  while (start < to) {
    const next = localHourStart(start + HOUR_MS, timeZone);
    const end = next > start ? next : start + HOUR_MS;
    hours.push({ start, end });
    start = end;
  }
  return hours;
}

// `%` keeps the sign of the dividend; instants before 1970 still floor to the earlier boundary.
function mod(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}
