import { type ApdexCounts, apdexPercent } from './apdex';
import { formatDayKey } from './history';
import { readerDays } from './local-day';
import { type Instant, utcMonthStart } from './time';

/**
 * The monthly heat-map calendar (spec §9): one cell per day of the reader's zone (issue 15), green with no downtime, yellow
 * under 15 minutes of downtime, red from 15 minutes on; up to 6 months side by side.
 */

export type HeatMapColour = 'green' | 'yellow' | 'red';

/** Downtime below this many minutes in a day is yellow; this much or more is red. */
export const RED_FROM_MINUTES = 15;
export const MAX_HEAT_MAP_MONTHS = 6;
/** Width one month of the calendar takes: 7 columns of ~26 px cells, gaps and the month's margin. */
export const HEAT_MAP_MONTH_WIDTH_PX = 220;

/** The colour of a day with this many minutes of downtime. */
export function heatMapColour(downtimeMinutes: number): HeatMapColour {
  if (downtimeMinutes <= 0) return 'green';
  return downtimeMinutes < RED_FROM_MINUTES ? 'yellow' : 'red';
}

/** How many months (1..6) fit side by side in a container `widthPx` wide, 220 px each. */
export function heatMapMonths(widthPx: number): number {
  const fitting = Number.isFinite(widthPx) ? Math.floor(widthPx / HEAT_MAP_MONTH_WIDTH_PX) : 1;
  return Math.min(MAX_HEAT_MAP_MONTHS, Math.max(1, fitting));
}

/**
 * The first dates (each named by its 00:00 UTC) of the last `months` months up to the month of
 * `now`'s date in the reader's zone, oldest first.
 */
export function heatMapMonthStarts(now: Instant, months: number, timeZone?: string | null): number[] {
  const count = Math.min(MAX_HEAT_MAP_MONTHS, Math.max(1, Math.floor(months)));
  const today = readerDays(timeZone).dateOf(now);
  return Array.from({ length: count }, (_, index) => utcMonthStart(today, index - count + 1));
}

/**
 * Whole seconds of downtime as the minutes the API reports, to two decimals. From whole seconds
 * this never rounds a real downtime to 0 (1 s → 0.02) nor 14 min 59 s up to 15 (→ 14.98), so the
 * colour drawn from minutes matches the one the seconds would give.
 */
export function downtimeMinutes(seconds: number): number {
  return Math.round((seconds / 60) * 100) / 100;
}

/** One day of `monthly_metrics` (spec §3). */
export interface MonthlyMetric {
  downtime_minutes: number;
  apdex_percent: number | null;
}

export interface DailyTotals {
  /** Apdex counts per day, keyed by its date (named by its 00:00 UTC, local-day.ts). */
  apdexByDay: ReadonlyMap<number, ApdexCounts>;
  /** Seconds of downtime per day, keyed the same way (see downtimeSecondsByDay). */
  downtimeSecondsByDay: ReadonlyMap<number, number>;
}

/**
 * `monthly_metrics` keyed by ISO day ('2024-03-05'), in day order: every day that has results or
 * downtime. A day with downtime but no results has a null apdex; one with results and no downtime, 0 minutes.
 */
export function monthlyMetrics(totals: DailyTotals): Record<string, MonthlyMetric> {
  const days = [...new Set([...totals.apdexByDay.keys(), ...totals.downtimeSecondsByDay.keys()])].sort((a, b) => a - b);
  const metrics: Record<string, MonthlyMetric> = {};
  for (const day of days) {
    const counts = totals.apdexByDay.get(day);
    metrics[formatDayKey(day)] = {
      downtime_minutes: downtimeMinutes(totals.downtimeSecondsByDay.get(day) ?? 0),
      apdex_percent: counts ? apdexPercent(counts) : null,
    };
  }
  return metrics;
}
