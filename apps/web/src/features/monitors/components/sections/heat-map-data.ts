import type { Metric } from '@paydar/contracts/metrics';
import { type HeatMapColour, heatMapColour, heatMapMonthStarts } from '@paydar/domain/heat-map';
import { formatDayKey, parseDay } from '@paydar/domain/history';
import { DAY_MS, utcDayStart } from '@paydar/domain/time';
import { AXIS_COLOURS, HEAT_MAP_COLOURS, NO_DATA_COLOUR, SURFACE_COLOUR } from '@/components/chart/palette';
import { formatTime, utcSettings } from '@/lib/date-time';
import { currentTimeSettings } from '@/lib/time-settings';

type MonthlyMetrics = Metric['monthly_metrics'];

/** What a day cell shows: its colour from the downtime, or 'none' for a day without data. */
export type DayKind = HeatMapColour | 'none';

export interface DayCell {
  /** The ISO day, '2024-03-05': the calendar's date and the monthly metrics' key. */
  key: string;
  kind: DayKind;
  downtimeMinutes: number | null;
  apdexPercent: number | null;
}

/** The cell kinds as the heatmap's values, which the visual map turns into colours. */
export const DAY_KINDS: readonly DayKind[] = ['green', 'yellow', 'red', 'none'];
const KIND_COLOURS: Record<DayKind, string> = { ...HEAT_MAP_COLOURS, none: NO_DATA_COLOUR };

/** Calendar days that cannot be picked: before the monitor's first day, or still to come. */
const OUTSIDE_COLOUR = 'var(--mantine-color-default-hover, #f8f9fa)';

/** 'Mar 2024' for '2024-03': the grid's months are Gregorian UTC months, so their names are too. */
export function monthName(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return formatTime(Date.UTC(year ?? 1970, (number ?? 1) - 1, 1), utcSettings('gregorian'), 'month');
}

/** Largest cell side, and the space above the grid for the month and weekday labels. */
export const MAX_CELL_PX = 26;
const TOP_PX = 46;
const WEEK_ROWS = 6;

/** The 'yyyy-MM' of each month shown, oldest first: `months` months up to `now`'s (UTC). */
export function calendarMonths(now: number, months: number): string[] {
  return heatMapMonthStarts(now, months).map((start) => new Date(start).toISOString().slice(0, 7));
}

/**
 * Every pickable day of the months shown, from the first month's 1st (or `minDay` when later) up to
 * today (UTC): coloured by its downtime (spec §9), 'none' without data. Days outside stay blank.
 */
export function heatMapCells(monthly: MonthlyMetrics, now: number, months: number, minDay: number): DayCell[] {
  const [firstMonth] = heatMapMonthStarts(now, months);
  const first = Math.max(firstMonth ?? utcDayStart(now), utcDayStart(minDay));
  const today = utcDayStart(now);
  const cells: DayCell[] = [];
  for (let day = first; day <= today; day += DAY_MS) {
    const key = formatDayKey(day);
    const metric = monthly[key];
    cells.push({
      key,
      kind: metric ? heatMapColour(metric.downtime_minutes) : 'none',
      downtimeMinutes: metric?.downtime_minutes ?? null,
      apdexPercent: metric?.apdex_percent ?? null,
    });
  }
  return cells;
}

/** 00:00 UTC of a clicked day when it lies within [minDay, today], else null. */
export function pickableDay(key: string, now: number, minDay: number): number | null {
  const day = parseDay(key);
  if (day === null) return null;
  return day >= utcDayStart(minDay) && day <= utcDayStart(now) ? day : null;
}

/** Side of a day cell when `months` months share `widthPx`: 7 columns and a margin each. */
export function cellSize(widthPx: number, months: number): number {
  const perMonth = widthPx / Math.max(1, months);
  return Math.max(12, Math.min(MAX_CELL_PX, Math.floor((perMonth - 24) / 7)));
}

/** The chart's height for a cell size: the labels and six week rows. */
export function heatMapHeight(cell: number): number {
  return TOP_PX + WEEK_ROWS * cell + 8;
}

function describe(cell: DayCell): string {
  if (cell.kind === 'none') return 'No data';
  const downtime =
    cell.downtimeMinutes === 0
      ? 'No downtime'
      : `Downtime ${cell.downtimeMinutes?.toLocaleString('en-US', { maximumFractionDigits: 2 })} min`;
  return cell.apdexPercent === null ? downtime : `${downtime}<br/>Apdex ${cell.apdexPercent}%`;
}

/** One vertical calendar per month side by side, a heatmap on each, coloured by day kind. */
export function heatMapOption(options: {
  cells: readonly DayCell[];
  months: readonly string[];
  widthPx: number;
}): Record<string, unknown> {
  const { cells, months, widthPx } = options;
  const cell = cellSize(widthPx, months.length);
  const perMonth = widthPx / Math.max(1, months.length);
  const byKey = new Map(cells.map((day) => [day.key, day]));
  const calendars = months.map((month, index) => ({
    orient: 'vertical',
    range: month,
    left: Math.round(index * perMonth + (perMonth - 7 * cell) / 2),
    top: TOP_PX,
    cellSize: [cell, cell],
    splitLine: { show: false },
    // Days outside the pickable range stay faint; the cells drawn over them carry the data.
    itemStyle: { color: OUTSIDE_COLOUR, borderColor: SURFACE_COLOUR, borderWidth: 2 },
    // One month per calendar: its 'year' label above the grid names the month instead.
    yearLabel: {
      show: true,
      position: 'top',
      margin: 26,
      color: AXIS_COLOURS.text,
      fontSize: 12,
      fontWeight: 600,
      formatter: () => monthName(month),
    },
    monthLabel: { show: false },
    dayLabel: {
      firstDay: 1,
      margin: 6,
      color: AXIS_COLOURS.label,
      fontSize: 10,
      nameMap: ['S', 'M', 'T', 'W', 'T', 'F', 'S'],
    },
  }));
  return {
    animation: false,
    tooltip: {
      formatter: (item: { value: [string, number] }) => {
        const day = byKey.get(item.value[0]);
        // The day in the reader's calendar (issue 15): a UTC day, so written in UTC.
        const start = day ? parseDay(day.key) : null;
        const name = start === null ? '' : formatTime(start, utcSettings(currentTimeSettings().calendar), 'day');
        return day ? `${name}<br/>${describe(day)}` : '';
      },
    },
    visualMap: {
      show: false,
      type: 'piecewise',
      dimension: 1,
      pieces: DAY_KINDS.map((kind, value) => ({ value, color: KIND_COLOURS[kind] })),
    },
    calendar: calendars,
    series: months.map((month, index) => ({
      type: 'heatmap',
      coordinateSystem: 'calendar',
      calendarIndex: index,
      itemStyle: { borderColor: SURFACE_COLOUR, borderWidth: 2, borderRadius: 3 },
      emphasis: { itemStyle: { borderColor: AXIS_COLOURS.text, borderWidth: 1 } },
      data: cells.filter((day) => day.key.startsWith(month)).map((day) => [day.key, DAY_KINDS.indexOf(day.kind)]),
    })),
  };
}
