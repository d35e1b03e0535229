import {
  type CalendarDate,
  CalendarDateTime,
  fromDate,
  toCalendarDate,
  toTimeZone,
  toZoned,
} from '@internationalized/date';
import { type Instant, MINUTE_MS, toMs } from './time';

/**
 * Maintenance windows (issue 14): which concrete spans a window has, and whether an instant is
 * covered. Weekly windows are local wall-clock times in an IANA zone, so their instants move with
 * daylight saving: the zone arithmetic is @internationalized/date's (the tz database through Intl),
 * with 'compatible' disambiguation — a start in a spring-forward gap moves forward by the gap, a
 * start in a fall-back overlap takes the earlier instant (as RFC 5545 and Temporal do). Durations
 * are elapsed minutes, so an occurrence across a change lasts exactly its duration.
 */

export interface OnceSchedule {
  kind: 'once';
  startsAt: Instant;
  endsAt: Instant;
}

export interface WeeklySchedule {
  kind: 'weekly';
  /** ISO days: 1 = Monday … 7 = Sunday. */
  daysOfWeek: readonly number[];
  /** Local HH:MM in `timeZone`. */
  startTime: string;
  durationMinutes: number;
  timeZone: string;
}

export type MaintenanceSchedule = OnceSchedule | WeeklySchedule;

/** [from, to) in epoch ms. */
export interface MaintenanceSpan {
  from: number;
  to: number;
}

/** ISO day of week (1 = Monday … 7 = Sunday) of a calendar date. */
function isoWeekday(date: CalendarDate): number {
  const day = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * The window's occurrences that overlap [from, to), oldest first, each whole (not cut to the
 * range). A weekly occurrence starting the day before `from` and still running is included.
 */
export function spansWithin(schedule: MaintenanceSchedule, from: Instant, to: Instant): MaintenanceSpan[] {
  const start = toMs(from);
  const end = toMs(to);
  if (end <= start) return [];
  if (schedule.kind === 'once') {
    const span = { from: toMs(schedule.startsAt), to: toMs(schedule.endsAt) };
    return span.to > start && span.from < end && span.to > span.from ? [span] : [];
  }
  const [hour, minute] = schedule.startTime.split(':').map(Number) as [number, number];
  const days = new Set(schedule.daysOfWeek);
  const length = schedule.durationMinutes * MINUTE_MS;
  // Local dates from the day before `from` (an occurrence lasts at most a day) to the day of `to`.
  let date = toCalendarDate(toTimeZone(fromDate(new Date(start), 'UTC'), schedule.timeZone)).subtract({ days: 1 });
  const last = toCalendarDate(toTimeZone(fromDate(new Date(end), 'UTC'), schedule.timeZone));
  const spans: MaintenanceSpan[] = [];
  while (date.compare(last) <= 0) {
    if (days.has(isoWeekday(date))) {
      const local = new CalendarDateTime(date.year, date.month, date.day, hour, minute);
      const begins = toZoned(local, schedule.timeZone, 'compatible').toDate().getTime();
      const span = { from: begins, to: begins + length };
      if (span.to > start && span.from < end) spans.push(span);
    }
    date = date.add({ days: 1 });
  }
  return spans;
}

/** The occurrence covering `at`, or null. */
export function spanAt(schedule: MaintenanceSchedule, at: Instant): MaintenanceSpan | null {
  const time = toMs(at);
  return spansWithin(schedule, time, time + 1)[0] ?? null;
}

/** Whether `at` falls inside one of the spans (each [from, to)). */
export function isCovered(spans: Iterable<MaintenanceSpan>, at: Instant): boolean {
  const time = toMs(at);
  for (const span of spans) if (span.from <= time && time < span.to) return true;
  return false;
}

/** Looking this far ahead finds a weekly window's next occurrence whatever its days. */
const LOOKAHEAD_MS = 8 * 24 * 60 * MINUTE_MS;

/** The occurrence going on at `now`, or else the next one to start; null when none is left. */
export function currentOrNext(schedule: MaintenanceSchedule, now: Instant): MaintenanceSpan | null {
  const time = toMs(now);
  const horizon = schedule.kind === 'once' ? Math.max(time + 1, toMs(schedule.endsAt)) : time + LOOKAHEAD_MS;
  return spansWithin(schedule, time, horizon)[0] ?? null;
}

/** The spans with anything before `notBefore` cut off (ended early, or already past): empty ones dropped. */
export function clipSpans(spans: readonly MaintenanceSpan[], notBefore: number): MaintenanceSpan[] {
  return spans
    .map((span) => ({ from: Math.max(span.from, notBefore), to: span.to }))
    .filter((span) => span.to > span.from);
}

/** A local wall time 'YYYY-MM-DDTHH:mm' in `timeZone` as epoch ms ('compatible' across DST), or null when malformed. */
export function wallTimeToInstant(local: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  try {
    const wall = new CalendarDateTime(year as number, month as number, day as number, hour as number, minute as number);
    return toZoned(wall, timeZone, 'compatible').toDate().getTime();
  } catch {
    return null;
  }
}

/** An instant as the local wall time 'YYYY-MM-DDTHH:mm' in `timeZone` (what a datetime-local input holds). */
export function instantToWallTime(at: Instant, timeZone: string): string {
  const zoned = toTimeZone(fromDate(new Date(toMs(at)), 'UTC'), timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${zoned.year}-${pad(zoned.month)}-${pad(zoned.day)}T${pad(zoned.hour)}:${pad(zoned.minute)}`;
}
