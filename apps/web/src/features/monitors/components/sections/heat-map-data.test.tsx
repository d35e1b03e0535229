// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { HEAT_MAP_COLOURS, NO_DATA_COLOUR } from '@/components/chart/palette';
import { calendarMonths, cellSize, heatMapCells, heatMapOption, monthName, pickableDay } from './heat-map-data';

const now = Date.UTC(2024, 2, 5, 13, 30); // 5 Mar 2024
const minDay = Date.UTC(2018, 10, 5);

describe('calendarMonths', () => {
  it('lists the months shown, oldest first, ending with the current one', () => {
    expect(calendarMonths(now, 3)).toEqual(['2024-01', '2024-02', '2024-03']);
    expect(calendarMonths(now, 6)).toEqual(['2023-10', '2023-11', '2023-12', '2024-01', '2024-02', '2024-03']);
  });
});

describe('monthName', () => {
  it('names a month for the calendar', () => {
    expect(monthName('2024-03')).toBe('Mar 2024');
    expect(monthName('2023-12')).toBe('Dec 2023');
  });
});

describe('heatMapCells', () => {
  const monthly = {
    '2024-03-01': { downtime_minutes: 0, apdex_percent: 99 },
    '2024-03-02': { downtime_minutes: 14.98, apdex_percent: 90 },
    '2024-03-03': { downtime_minutes: 15, apdex_percent: null },
  };

  it('colours each day by its downtime, days without data as none, up to today', () => {
    const cells = heatMapCells(monthly, now, 1, minDay);
    expect(cells.map((cell) => `${cell.key}:${cell.kind}`)).toEqual([
      '2024-03-01:green',
      '2024-03-02:yellow',
      '2024-03-03:red',
      '2024-03-04:none',
      '2024-03-05:none',
    ]);
  });

  it('starts at the first month shown, or at the minimum day when later', () => {
    expect(heatMapCells({}, now, 2, minDay)[0]?.key).toBe('2024-02-01');
    expect(heatMapCells({}, now, 2, Date.UTC(2024, 1, 20, 9)).map((cell) => cell.key)[0]).toBe('2024-02-20');
  });
});

describe('pickableDay', () => {
  it.each([
    ['2024-03-05', Date.UTC(2024, 2, 5)],
    ['2024-02-20', Date.UTC(2024, 1, 20)],
    ['2024-02-19', null],
    ['2024-03-06', null],
    ['garbage', null],
  ])('%s → %s', (key, day) => expect(pickableDay(key, now, Date.UTC(2024, 1, 20, 9))).toBe(day));
});

describe('heatMapOption', () => {
  it('draws one calendar and heatmap per month, coloured through the visual map', () => {
    const months = calendarMonths(now, 2);
    const option = heatMapOption({ cells: heatMapCells({}, now, 2, minDay), months, widthPx: 500 }) as {
      calendar: Array<{ range: string; left: number }>;
      series: Array<{ calendarIndex: number; data: Array<[string, number]> }>;
      visualMap: { pieces: Array<{ value: number; color: string }> };
    };
    expect(option.calendar.map((calendar) => calendar.range)).toEqual(['2024-02', '2024-03']);
    expect(option.calendar[1]?.left).toBeGreaterThan(option.calendar[0]?.left ?? 0);
    expect(option.series.map((series) => series.data.length)).toEqual([29, 5]);
    expect(option.visualMap.pieces.map((piece) => piece.color)).toEqual([
      HEAT_MAP_COLOURS.green,
      HEAT_MAP_COLOURS.yellow,
      HEAT_MAP_COLOURS.red,
      NO_DATA_COLOUR,
    ]);
  });

  it('sizes cells to fit the months, at most 26 px', () => {
    expect(cellSize(1320, 6)).toBe(26);
    expect(cellSize(330, 1)).toBe(26);
    expect(cellSize(220, 1)).toBe(26);
    expect(cellSize(200, 1)).toBe(25);
  });
});
