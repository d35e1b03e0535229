import { HOURLY_APDEX_SLOTS } from '@paydar/contracts/metrics';
import type { Span } from '@paydar/domain/downtimes';
import { heatMapMonthStarts } from '@paydar/domain/heat-map';
import { type DaySpan, localHourStart, type ReaderDays } from '@paydar/domain/local-day';
import { DAY_MS, HOUR_MS, type Instant, toMs } from '@paydar/domain/time';

/** The spans one metric answer covers, all in epoch ms, [from, to). */
export interface MetricWindows {
  /** The day shown, in the reader's days: a chosen one, or today (runs on past now, cut at now by the uptime and downtime maths). */
  day: Span;
  /**
   * The 24 hours of `last_day_hourly_metrics`, the reader's local hours (whole quarter-hour rollups
   * in every zone): a chosen day's from its midnight; live, the 24 up to the local hour of the last check.
   */
  hours: Span;
  /** The days of `monthly_metrics`: back `months` months, no further than the plan's history, up to today's end. */
  months: Span;
  /** Every span above together: what the downtimes are read for. */
  all: Span;
}

export interface MetricWindowRequest {
  now: Instant;
  /** How the reader counts days (local-day.ts). */
  days: ReaderDays;
  /** The chosen day; null for "today, live". */
  day: DaySpan | null;
  /** The monitor's last check; the live hourly chart ends at its hour. */
  lastCheckAt: Instant | null;
  /** The plan's METRIC_HISTORY_DAYS: today and this many days before it may be shown. */
  historyDays: number;
  /** How many months of heat map (1..6). */
  months: number;
}

/** Today in the reader's days, and where the plan's history begins: the start of the day `historyDays` back. */
export function readerToday(days: ReaderDays, now: Instant, historyDays: number) {
  const date = days.dateOf(now);
  return { today: days.spanOf(date), historyStart: days.spanOf(date - Math.max(0, historyDays) * DAY_MS).start };
}

/** How many hourly values a span holds: an hour cut short by a half-hour clock change counts whole. */
export const hoursIn = (span: { from: number; to: number }): number => Math.ceil((span.to - span.from) / HOUR_MS);

/**
 * The windows of a metric answer. A chosen day shows that day's own hours; the live view shows
 * the 24 hours up to the last check (oldest first), as the raw chart does, so a monitor that stopped
 * reporting still shows its last day rather than empty hours — unless that day is past the plan's
 * history, which the live view does not reach into either.
 */
export function metricWindows(request: MetricWindowRequest): MetricWindows {
  const { days } = request;
  const { today, historyStart } = readerToday(days, request.now, request.historyDays);
  const lastCheck = request.lastCheckAt === null ? null : toMs(request.lastCheckAt);
  const anchor = lastCheck !== null && lastCheck >= historyStart ? lastCheck : toMs(request.now);
  const hoursFrom = request.day
    ? request.day.start
    : localHourStart(anchor - (HOURLY_APDEX_SLOTS - 1) * HOUR_MS, days.timeZone);
  const firstMonth = heatMapMonthStarts(request.now, request.months, days.timeZone)[0];
  const monthsFrom = firstMonth === undefined ? today.start : days.spanOf(firstMonth).start;
  const day = request.day ? { from: request.day.start, to: request.day.end } : { from: today.start, to: today.end };
  // A chosen day's own hours, 23 to 25 of them (issue 26): a 24-hour window would cut a long
  // day's last hour and take the next day's first into a short one.
  const hours = request.day
    ? { from: request.day.start, to: request.day.end }
    : { from: hoursFrom, to: hoursFrom + HOURLY_APDEX_SLOTS * HOUR_MS };
  const months = { from: Math.max(monthsFrom, historyStart), to: today.end };
  return {
    day,
    hours,
    months,
    all: {
      from: Math.min(day.from, hours.from, months.from),
      to: Math.max(day.to, hours.to, months.to, toMs(request.now)),
    },
  };
}
