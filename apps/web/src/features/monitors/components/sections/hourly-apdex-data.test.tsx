// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { APDEX_COLOURS } from '@/components/chart/palette';
import { apdexSlots, hourLabel, hourlyApdexOption } from './hourly-apdex-data';

const HOUR = 3_600_000;
const endsAt = Date.UTC(2024, 2, 5, 15);
const hours = (values: Array<number | null>) => [...values, ...new Array(24 - values.length).fill(null)];

describe('apdexSlots', () => {
  it('makes 12 two-hour slots from 24 hourly values, each starting two hours after the last', () => {
    const slots = apdexSlots(new Array(24).fill(100), endsAt);
    expect(slots).toHaveLength(12);
    expect(slots[0]?.start).toBe(endsAt - 24 * HOUR);
    expect(slots[11]?.start).toBe(endsAt - 2 * HOUR);
  });

  it.each([
    { pair: [90, 80], percent: 85, rating: 'silver' },
    { pair: [95, null], percent: 95, rating: 'gold' },
    { pair: [null, 60], percent: 60, rating: 'bad' },
    { pair: [null, null], percent: null, rating: 'disabled' },
    { pair: [90, 89.9], percent: 90, rating: 'gold' },
    { pair: [75, 74.8], percent: 74.9, rating: 'bad' },
    { pair: [0, 0], percent: 0, rating: 'bad' },
  ] as const)('averages the non-null values of $pair → $percent ($rating)', ({ pair, percent, rating }) => {
    const [slot] = apdexSlots(hours([...pair]), endsAt);
    expect(slot?.percent).toBe(percent);
    expect(slot?.rating).toBe(rating);
  });
});

describe('hourLabel', () => {
  it('labels a slot by its start hour in UTC for past days', () => {
    expect(hourLabel(Date.UTC(2024, 2, 5, 7), 'utc')).toBe('07:00');
    expect(hourLabel(Date.UTC(2024, 2, 5, 0), 'utc')).toBe('00:00');
  });

  it('labels in the browser zone for today', () => {
    const time = Date.UTC(2024, 2, 5, 7, 30);
    const local = new Date(time);
    expect(hourLabel(time, 'local')).toBe(
      `${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`,
    );
  });
});

describe('hourlyApdexOption', () => {
  it('draws a 0–100 scale with one bar per slot coloured by its rating, empty slots grey at full height', () => {
    const option = hourlyApdexOption(apdexSlots(hours([95, 95, 80, 80, 10, 10]), endsAt), 'utc') as {
      yAxis: { min: number; max: number };
      xAxis: { data: string[] };
      series: Array<{ data: Array<{ value: number; itemStyle: { color: string } }> }>;
    };
    expect(option.yAxis).toMatchObject({ min: 0, max: 100 });
    expect(option.xAxis.data.slice(0, 3)).toEqual(['15:00', '17:00', '19:00']);
    const bars = option.series[0]?.data ?? [];
    expect(bars.map((bar) => bar.itemStyle.color).slice(0, 4)).toEqual([
      APDEX_COLOURS.gold,
      APDEX_COLOURS.silver,
      APDEX_COLOURS.bad,
      APDEX_COLOURS.disabled,
    ]);
    expect(bars[3]?.value).toBe(100);
  });
});
