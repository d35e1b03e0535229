import { describe, expect, it } from 'vitest';
import {
  downtimeMinutes,
  type HeatMapColour,
  heatMapColour,
  heatMapMonthStarts,
  heatMapMonths,
  monthlyMetrics,
} from './heat-map';

const at = (iso: string) => Date.parse(iso);

describe('heatMapColour', () => {
  it.each<[number, HeatMapColour]>([
    [0, 'green'],
    [0.02, 'yellow'],
    [1, 'yellow'],
    [14.98, 'yellow'],
    [15, 'red'],
    [240, 'red'],
    [1440, 'red'],
  ])('%d minutes → %s', (minutes, colour) => {
    expect(heatMapColour(minutes)).toBe(colour);
  });
});

describe('downtimeMinutes', () => {
  it.each([
    [0, 0],
    [1, 0.02],
    [30, 0.5],
    [420, 7],
    [899, 14.98],
    [900, 15],
    [86_400, 1440],
  ])('%d s → %d min', (seconds, minutes) => {
    expect(downtimeMinutes(seconds)).toBe(minutes);
  });

  it.each([
    [0, 'green'],
    [1, 'yellow'],
    [899, 'yellow'],
    [900, 'red'],
  ])('%d s keeps its colour through the minutes: %s', (seconds, colour) => {
    expect(heatMapColour(downtimeMinutes(seconds))).toBe(colour);
  });
});

describe('heatMapMonths', () => {
  it.each([
    [0, 1],
    [150, 1],
    [219, 1],
    [220, 1],
    [440, 2],
    [700, 3],
    [1100, 5],
    [1320, 6],
    [2560, 6],
    [Number.NaN, 1],
  ])('%d px → %d months', (width, months) => {
    expect(heatMapMonths(width)).toBe(months);
  });
});

describe('heatMapMonthStarts', () => {
  it.each([
    [1, ['2024-03-01']],
    [3, ['2024-01-01', '2024-02-01', '2024-03-01']],
    [6, ['2023-10-01', '2023-11-01', '2023-12-01', '2024-01-01', '2024-02-01', '2024-03-01']],
    [9, ['2023-10-01', '2023-11-01', '2023-12-01', '2024-01-01', '2024-02-01', '2024-03-01']],
  ])('%d months → %j', (months, starts) => {
    expect(heatMapMonthStarts(at('2024-03-12T10:00:00Z'), months)).toEqual(starts.map((day) => at(`${day}T00:00:00Z`)));
  });

  it("ends with the month of the reader's date: 1 April begins at 20:30 UTC the day before in Tehran", () => {
    const lastEvening = at('2024-03-31T21:00:00Z');
    expect(heatMapMonthStarts(lastEvening, 1)).toEqual([at('2024-03-01T00:00:00Z')]);
    expect(heatMapMonthStarts(lastEvening, 1, 'Asia/Tehran')).toEqual([at('2024-04-01T00:00:00Z')]);
  });
});

describe('monthlyMetrics', () => {
  it('joins apdex and downtime per day, keyed by ISO day in order', () => {
    const day = (iso: string) => at(`${iso}T00:00:00Z`);
    const metrics = monthlyMetrics({
      apdexByDay: new Map([
        [day('2024-03-02'), { satisfied: 3, tolerating: 1, frustrated: 0 }],
        [day('2024-03-01'), { satisfied: 10, tolerating: 0, frustrated: 0 }],
      ]),
      downtimeSecondsByDay: new Map([
        [day('2024-03-02'), 420],
        [day('2024-03-03'), 86_400],
      ]),
    });
    expect(metrics).toEqual({
      '2024-03-01': { downtime_minutes: 0, apdex_percent: 100 },
      '2024-03-02': { downtime_minutes: 7, apdex_percent: 87.5 },
      '2024-03-03': { downtime_minutes: 1440, apdex_percent: null },
    });
    expect(Object.keys(metrics)).toEqual(['2024-03-01', '2024-03-02', '2024-03-03']);
  });

  it('is empty without data', () => {
    expect(monthlyMetrics({ apdexByDay: new Map(), downtimeSecondsByDay: new Map() })).toEqual({});
  });
});
