import { HOURLY_APDEX_SLOTS } from '@paydar/contracts/metrics';
import type { Span } from '@paydar/domain/downtimes';
import { heatMapMonthStarts } from '@paydar/domain/heat-map';
import { DAY_MS, HOUR_MS, type Instant, toMs, utcDayStart, utcHourStart } from '@paydar/domain/time';

/** The spans one metric answer covers, all in epoch ms, [from, to). */
export interface MetricWindows {
  /** The day shown (a chosen UTC day, or today in the reader's zone): today's runs on past now, cut at now by the uptime and downtime maths. */
  day: Span;
  /** The 24 hours of `last_day_hourly_metrics`. */
  hours: Span;
  /** The days of `monthly_metrics`: back `months` months, no further than the plan's history, up to today's end. */
  months: Span;
  /** Every span above together: what the downtimes are read for. */
  all: Span;
}

export interface MetricWindowRequest {
  now: Instant;
  /** 00:00 UTC of the chosen day; null for "today, live". */
  dayStart: number | null;
  /** Today in the reader's zone, [start, end); the UTC day when absent (issue 15). */
  today?: { start: number; end: number };
  /** The monitor's last check; the live hourly chart ends at its hour. */
  lastCheckAt: Instant | null;
  /** The plan's METRIC_HISTORY_DAYS: today and this many days before it may be shown. */
  historyDays: number;
  /** How many months of heat map (1..6). */
  months: number;
}

/**
 * The windows of a metric answer. A chosen day shows that day's own 24 hours; the live view shows
 * the 24 hours up to the last check (oldest first), as the raw chart does, so a monitor that stopped
 * reporting still shows its last day rather than empty hours — unless that day is past the plan's
 * history, which the live view does not reach into either.
 */
export function metricWindows(request: MetricWindowRequest): MetricWindows {
  const today = utcDayStart(request.now);
  const historyStart = today - Math.max(0, request.historyDays) * DAY_MS;
  const lastCheck = request.lastCheckAt === null ? null : toMs(request.lastCheckAt);
  const anchor = lastCheck !== null && lastCheck >= historyStart ? lastCheck : toMs(request.now);
  const localToday = request.today ?? { start: today, end: today + DAY_MS };
  const hoursFrom = request.dayStart ?? utcHourStart(anchor) - (HOURLY_APDEX_SLOTS - 1) * HOUR_MS;
  const firstMonth = heatMapMonthStarts(request.now, request.months)[0] ?? today;
  const day =
    request.dayStart === null
      ? { from: localToday.start, to: localToday.end }
      : { from: request.dayStart, to: request.dayStart + DAY_MS };
  const hours = { from: hoursFrom, to: hoursFrom + HOURLY_APDEX_SLOTS * HOUR_MS };
  const months = { from: Math.max(firstMonth, historyStart), to: Math.max(today + DAY_MS, localToday.end) };
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
