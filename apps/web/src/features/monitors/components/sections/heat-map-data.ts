import type { Calendar } from '@paydar/contracts/calendars';
import type { Metric } from '@paydar/contracts/metrics';
import { type CalendarMonth, calendarMonth } from '@paydar/domain/calendar-month';
import { type HeatMapColour, heatMapColour, heatMapMonthStarts, MAX_HEAT_MAP_MONTHS } from '@paydar/domain/heat-map';
import { formatDayKey } from '@paydar/domain/history';
import { utcDayStart } from '@paydar/domain/time';
import { HEAT_MAP_COLOURS, NO_DATA_COLOUR } from '@/components/chart/palette';
import { formatDateName } from '@/lib/date-time';

/*
 * The heat map's days are the reader's dates (issue 15), each named by its 00:00 UTC (domain
 * local-day.ts): `today` is today's date in their zone, `minDay` the monitor's first, and the keys
 * of monthly_metrics (asked for in their zone) are the same dates. Its months are the reader's
 * calendar's: Jalali months, Saturday-first, for a Jalali profile.
 */

type MonthlyMetrics = Metric['monthly_metrics'];

/** What a day cell shows: its colour from the downtime, or 'none' for a day without data. */
export type DayKind = HeatMapColour | 'none';

export interface DayCell {
  /** The date, named by its 00:00 UTC. */
  date: number;
  kind: DayKind;
  downtimeMinutes: number | null;
  apdexPercent: number | null;
  /** Within [first day with figures, today]: drawn in its colour and clickable. */
  pickable: boolean;
}

export const KIND_COLOURS: Record<DayKind, string> = { ...HEAT_MAP_COLOURS, none: NO_DATA_COLOUR };

/**
 * Calendar days that cannot be picked: before the monitor's first day or the figures asked for,
 * or still to come. Fainter than no data in both schemes.
 */
export const OUTSIDE_COLOUR = 'var(--paydar-subtle-bg, #f8f9fa)';

/** Largest cell side. */
export const MAX_CELL_PX = 26;

/** The last `count` months of the reader's calendar up to today's, oldest first. */
export function heatMapMonthGrids(today: number, count: number, calendar: Calendar): CalendarMonth[] {
  const months = [calendarMonth(today, calendar)];
  while (months.length < count) months.unshift(calendarMonth((months[0] as CalendarMonth).previous, calendar));
  return months;
}

/**
 * The days that may be drawn and picked: from the later of the monitor's first day and the first
 * day the metric holds figures for (six Gregorian months back: the server's widest monthly_metrics)
 * up to today.
 */
export function pickableRange(today: number, minDay: number): { first: number; last: number } {
  const figuresFrom = heatMapMonthStarts(today, MAX_HEAT_MAP_MONTHS)[0] ?? today;
  return { first: Math.max(utcDayStart(minDay), figuresFrom), last: utcDayStart(today) };
}

/** One day of the grid, coloured by its downtime (spec §9), 'none' without data. */
export function heatMapDay(monthly: MonthlyMetrics, date: number, range: { first: number; last: number }): DayCell {
  const metric = monthly[formatDayKey(date)];
  return {
    date,
    kind: metric ? heatMapColour(metric.downtime_minutes) : 'none',
    downtimeMinutes: metric?.downtime_minutes ?? null,
    apdexPercent: metric?.apdex_percent ?? null,
    pickable: date >= range.first && date <= range.last,
  };
}

/** What a day says to a pointer and a screen reader: 'Mar 5th, 2024: Downtime 3 min, Apdex 98%'. */
export function dayText(cell: DayCell, calendar: Calendar): string {
  const name = formatDateName(cell.date, calendar);
  if (!cell.pickable) return name;
  if (cell.kind === 'none') return `${name}: No data`;
  const downtime =
    cell.downtimeMinutes === 0
      ? 'No downtime'
      : `Downtime ${cell.downtimeMinutes?.toLocaleString('en-US', { maximumFractionDigits: 2 })} min`;
  return cell.apdexPercent === null ? `${name}: ${downtime}` : `${name}: ${downtime}, Apdex ${cell.apdexPercent}%`;
}

/** Side of a day cell when `months` months share `widthPx`: 7 columns, their gaps and a margin each. */
export function cellSize(widthPx: number, months: number): number {
  const perMonth = widthPx / Math.max(1, months);
  return Math.max(12, Math.min(MAX_CELL_PX, Math.floor((perMonth - 24) / 7)));
}
