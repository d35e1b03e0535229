// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cellSize, dayText, heatMapDay, heatMapMonthGrids, pickableRange } from './heat-map-data';

const date = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const today = date('2024-03-05');

describe('heatMapMonthGrids', () => {
  it("lists the reader's calendar's months, oldest first, ending with today's", () => {
    expect(heatMapMonthGrids(today, 3, 'gregorian').map((month) => month.title)).toEqual([
      'Jan 2024',
      'Feb 2024',
      'Mar 2024',
    ]);
    // 5 March 2024 is 15 Esfand 1402.
    expect(heatMapMonthGrids(today, 2, 'jalali').map((month) => month.title)).toEqual(['Bahman 1402', 'Esfand 1402']);
    expect(heatMapMonthGrids(today, 1, 'jalali')[0]?.days[0]).toBe(date('2024-02-20'));
  });
});

describe('pickableRange', () => {
  it('runs from the later of the first day and the six months of figures asked for, to today', () => {
    expect(pickableRange(today, date('2018-11-05'))).toEqual({ first: date('2023-10-01'), last: today });
    expect(pickableRange(today, Date.parse('2024-02-20T09:00:00Z'))).toEqual({
      first: date('2024-02-20'),
      last: today,
    });
  });
});

describe('heatMapDay', () => {
  const monthly = {
    '2024-03-01': { downtime_minutes: 0, apdex_percent: 99 },
    '2024-03-02': { downtime_minutes: 14.98, apdex_percent: 90 },
    '2024-03-03': { downtime_minutes: 15, apdex_percent: null },
  };
  const range = { first: date('2024-03-01'), last: today };

  it.each([
    ['2024-03-01', 'green', true],
    ['2024-03-02', 'yellow', true],
    ['2024-03-03', 'red', true],
    ['2024-03-04', 'none', true],
    ['2024-03-06', 'none', false],
    ['2024-02-29', 'none', false],
  ] as const)('%s is %s, pickable: %s', (iso, kind, pickable) => {
    expect(heatMapDay(monthly, date(iso), range)).toMatchObject({ kind, pickable });
  });

  it('says the date in the reader’s calendar, then its downtime and apdex', () => {
    const day = heatMapDay(monthly, date('2024-03-02'), range);
    expect(dayText(day, 'gregorian')).toBe('Mar 2nd, 2024: Downtime 14.98 min, Apdex 90%');
    expect(dayText(heatMapDay(monthly, date('2024-03-01'), range), 'jalali')).toBe(
      'Esfand 11th, 1402: No downtime, Apdex 99%',
    );
    expect(dayText(heatMapDay(monthly, date('2024-03-04'), range), 'gregorian')).toBe('Mar 4th, 2024: No data');
  });
});

describe('cellSize', () => {
  it('sizes cells to fit the months, at most 26 px', () => {
    expect(cellSize(1320, 6)).toBe(26);
    expect(cellSize(330, 1)).toBe(26);
    expect(cellSize(200, 1)).toBe(25);
  });
});
