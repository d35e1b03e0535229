import { type ReaderDays, readerDays } from './local-day';
import { DAY_MS, type Instant, msToSeconds, toMs } from './time';

/**
 * Downtime intervals. A downtime runs from `from` to `to`; `to` is null while it is still going on,
 * and then it ends at `now`. Arithmetic is done in milliseconds; durations come out in whole
 * seconds, rounded to the nearest.
 */

export interface DowntimeInterval {
  from: Instant;
  /** null while ongoing. */
  to: Instant | null;
  /** What ended it: the monitor working again, or its pause (issue 13: paused time is neither up nor down). */
  endedBy?: DowntimeEnd;
  /** Why it began (the 'down' event's reason), when known. */
  reason?: string | null;
}

/** 'maintenance': a maintenance window began (issue 14); like a pause, nothing is alerted. */
export type DowntimeEnd = 'recovery' | 'pause' | 'maintenance';

/** A closed-off interval [from, to) in epoch ms. */
export interface Span {
  from: number;
  to: number;
}

/** The interval [start, end) being looked at; a window reaching past `now` is cut at `now`. */
export interface TimeWindow {
  start: Instant;
  end: Instant;
}

/** A downtime under this many seconds is drawn as a small mark (spec §9). */
export const SHORT_DOWNTIME_SECONDS = 300;

/** A downtime is drawn as a small mark when it lasted under 300 s. */
export function isShortDowntime(seconds: number): boolean {
  return seconds < SHORT_DOWNTIME_SECONDS;
}

/** Length in whole seconds; an ongoing one counts up to `now`. */
export function downtimeDurationSeconds(interval: DowntimeInterval, now: Instant): number {
  const end = interval.to === null ? toMs(now) : toMs(interval.to);
  return msToSeconds(Math.max(0, end - toMs(interval.from)));
}

/** Ongoing intervals end at `now`; empty ones are dropped; overlapping or touching ones are joined; sorted. */
export function mergeDowntimes(intervals: Iterable<DowntimeInterval>, now: Instant): Span[] {
  const nowMs = toMs(now);
  const spans = [...intervals]
    .map((interval) => ({ from: toMs(interval.from), to: interval.to === null ? nowMs : toMs(interval.to) }))
    .filter((span) => span.to > span.from)
    .sort((a, b) => a.from - b.from);
  const merged: Span[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span.from <= last.to) last.to = Math.max(last.to, span.to);
    else merged.push({ ...span });
  }
  return merged;
}

/** The effective window: [start, min(end, now)), or null when nothing of it has happened yet. */
export function effectiveWindow(window: TimeWindow, now: Instant): Span | null {
  const from = toMs(window.start);
  const to = Math.min(toMs(window.end), toMs(now));
  return to > from ? { from, to } : null;
}

/** The merged downtimes cut to the effective window. */
export function clipDowntimes(intervals: Iterable<DowntimeInterval>, window: TimeWindow, now: Instant): Span[] {
  const bounds = effectiveWindow(window, now);
  if (!bounds) return [];
  return mergeDowntimes(intervals, now)
    .map((span) => ({ from: Math.max(span.from, bounds.from), to: Math.min(span.to, bounds.to) }))
    .filter((span) => span.to > span.from);
}

/** Seconds of downtime inside the effective window, overlaps counted once. */
export function downtimeSecondsIn(intervals: Iterable<DowntimeInterval>, window: TimeWindow, now: Instant): number {
  return msToSeconds(sumMs(clipDowntimes(intervals, window, now)));
}

/**
 * Seconds of downtime per day inside the effective window, keyed by the day's date (named by its
 * 00:00 UTC): the reader's days when given, UTC days otherwise.
 */
export function downtimeSecondsByDay(
  intervals: Iterable<DowntimeInterval>,
  window: TimeWindow,
  now: Instant,
  days: ReaderDays = readerDays(),
): Map<number, number> {
  const msByDay = new Map<number, number>();
  for (const span of clipDowntimes(intervals, window, now)) {
    for (let date = days.dateOf(span.from); ; date += DAY_MS) {
      const day = days.spanOf(date);
      if (day.start >= span.to) break;
      const part = Math.min(span.to, day.end) - Math.max(span.from, day.start);
      msByDay.set(date, (msByDay.get(date) ?? 0) + part);
    }
  }
  return new Map([...msByDay].map(([day, ms]) => [day, msToSeconds(ms)]));
}

/** A paused span as the detail lists it: times in ISO 8601, duration in seconds; `to_time` null while paused. */
export interface PauseRow {
  from_time: string;
  to_time: string | null;
  duration: number;
}

/** A row of the downtimes table (spec §3): a PauseRow's fields, and what ended it (null while ongoing). */
export interface DowntimeRow extends PauseRow {
  ended_by: DowntimeEnd | null;
  reason: string | null;
}

/**
 * The intervals that touch the effective window, newest first, with their real start and end (not
 * cut to the window) and their whole length.
 */
function touchingRows(intervals: Iterable<DowntimeInterval>, window: TimeWindow, now: Instant) {
  const bounds = effectiveWindow(window, now);
  if (!bounds) return [];
  return [...intervals]
    .filter((interval) => {
      const end = interval.to === null ? toMs(now) : toMs(interval.to);
      return toMs(interval.from) < bounds.to && end > bounds.from;
    })
    .sort((a, b) => toMs(b.from) - toMs(a.from))
    .map((interval) => ({
      interval,
      row: {
        from_time: new Date(toMs(interval.from)).toISOString(),
        to_time: interval.to === null ? null : new Date(toMs(interval.to)).toISOString(),
        duration: downtimeDurationSeconds(interval, now),
      },
    }));
}

/** The downtimes touching the window, newest first (spec §3); an ongoing one has `to_time` null. */
export function downtimeRows(intervals: Iterable<DowntimeInterval>, window: TimeWindow, now: Instant): DowntimeRow[] {
  return touchingRows(intervals, window, now).map(({ interval, row }) => ({
    ...row,
    ended_by: interval.to === null ? null : (interval.endedBy ?? 'recovery'),
    reason: interval.reason ?? null,
  }));
}

/** The paused spans touching the window, newest first; one still paused has `to_time` null. */
export function pauseRows(intervals: Iterable<DowntimeInterval>, window: TimeWindow, now: Instant): PauseRow[] {
  return touchingRows(intervals, window, now).map(({ row }) => row);
}

/** Total milliseconds of spans (merged ones, so nothing counts twice). */
export function sumMs(spans: readonly Span[]): number {
  return spans.reduce((total, span) => total + (span.to - span.from), 0);
}
