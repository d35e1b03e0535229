// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APDEX_COLOURS } from '@/components/chart/palette';
import { profileQueryKey } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { apdexSlots, hourLabel, hourlyApdexOption, slotText } from './hourly-apdex-data';

const HOUR = 3_600_000;
const endsAt = Date.UTC(2024, 2, 5, 15);
const hours = (values: Array<number | null>) => [...values, ...new Array(24 - values.length).fill(null)];
const readIn = (timeZone: string) =>
  queryClient.setQueryData(profileQueryKey, { time_zone: timeZone, calendar: 'gregorian' });

beforeEach(() => readIn('UTC'));
afterEach(() => queryClient.clear());

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

describe('a day on which the clocks change (issue 26)', () => {
  it("draws New York's 25-hour 1 November as 13 slots, the last one hour long, and ends it at the next midnight", () => {
    readIn('America/New_York');
    const midnight = Date.UTC(2026, 10, 1, 4);
    const values = [...new Array(24).fill(null), 40];
    const slots = apdexSlots(values, midnight + 25 * HOUR);
    expect(slots).toHaveLength(13);
    expect(slots[0]?.start).toBe(midnight);
    expect(slots[12]).toMatchObject({ start: midnight + 24 * HOUR, end: midnight + 25 * HOUR, percent: 40 });
    const option = hourlyApdexOption(slots) as {
      tooltip: { formatter: (params: Array<{ dataIndex: number }>) => string };
    };
    expect(option.tooltip.formatter([{ dataIndex: 12 }])).toBe('23:00 – 00:00<br/>Apdex 40%');
  });

  it("draws Berlin's 23-hour 29 March as 12 slots ending at its own midnight, the last one hour long", () => {
    readIn('Europe/Berlin');
    const midnight = Date.UTC(2026, 2, 28, 23);
    const slots = apdexSlots(new Array(23).fill(100), midnight + 23 * HOUR);
    expect(slots).toHaveLength(12);
    expect(slots.at(-1)).toMatchObject({ start: midnight + 22 * HOUR, end: midnight + 23 * HOUR });
    expect(hourLabel(slots[1]?.start ?? 0)).toBe('03:00');
  });
});

describe('hourLabel', () => {
  it("labels a slot by its start in the reader's zone, today and on a past day alike", () => {
    expect(hourLabel(Date.UTC(2024, 2, 5, 7))).toBe('07:00');
    expect(hourLabel(Date.UTC(2024, 2, 5, 0))).toBe('00:00');
  });

  it("says a UTC hour's half-hour start where the zone is half an hour off: Tehran", () => {
    readIn('Asia/Tehran');
    expect(hourLabel(Date.UTC(2024, 2, 4, 21))).toBe('00:30');
  });
});

describe("Tehran's day as the server now counts it: local hours from 20:30 UTC (issue 26)", () => {
  it('labels its twelve slots 00:00, 02:00 … 22:00, each once', () => {
    readIn('Asia/Tehran');
    const midnight = Date.UTC(2024, 2, 4, 20, 30);
    const slots = apdexSlots(hours([100]), midnight + 24 * HOUR);
    expect(slots.map((slot) => hourLabel(slot.start))).toEqual(
      Array.from({ length: 12 }, (_, index) => `${String(index * 2).padStart(2, '0')}:00`),
    );
    expect(slots[0]?.percent).toBe(100);
  });
});

describe('apdexSlots: no data, paused and maintenance', () => {
  const slotStart = (index: number) => endsAt - 24 * HOUR + index * 2 * HOUR;

  it('keeps 0 % as data (the worst), apart from a slot without data', () => {
    const slots = apdexSlots(hours([0, 0, null, null]), endsAt);
    expect(slots[0]).toMatchObject({ percent: 0, rating: 'bad', kind: 'data' });
    expect(slots[1]).toMatchObject({ percent: null, rating: 'disabled', kind: 'none' });
  });

  it('calls an empty slot paused or maintenance when that covers at least half of it', () => {
    const spans = {
      paused: [{ from: slotStart(1), to: slotStart(1) + HOUR }],
      maintenance: [{ from: slotStart(2) + HOUR + 1, to: slotStart(3) }],
    };
    const slots = apdexSlots(hours([]), endsAt, spans);
    expect(slots.slice(0, 4).map((slot) => slot.kind)).toEqual(['none', 'paused', 'none', 'none']);
    expect(slots[2]?.spans).toEqual(['maintenance']);
  });

  it('notes a span inside a slot that has data', () => {
    const spans = { paused: [], maintenance: [{ from: slotStart(0), to: slotStart(0) + 30 * 60_000 }] };
    const [slot] = apdexSlots(hours([80, 80]), endsAt, spans);
    expect(slot).toMatchObject({ kind: 'data', spans: ['maintenance'] });
    expect(slot && slotText(slot)).toBe('Apdex 80% · partly in maintenance');
  });

  it('says what an empty slot was', () => {
    const spans = { paused: [{ from: slotStart(0), to: slotStart(1) }], maintenance: [] };
    const slots = apdexSlots(hours([]), endsAt, spans);
    expect(slots.slice(0, 2).map(slotText)).toEqual(['Paused', 'No data']);
  });
});

describe('hourlyApdexOption', () => {
  type Bar = {
    value: number | string;
    itemStyle?: { color: string; decal?: unknown };
    label?: { show: boolean; formatter?: string };
  };
  const optionOf = (values: Array<number | null>, spans?: Parameters<typeof apdexSlots>[2]) =>
    hourlyApdexOption(apdexSlots(hours(values), endsAt, spans)) as {
      yAxis: { min: number; max: number };
      xAxis: { data: string[] };
      series: Array<{ name: string; barMinHeight?: number; data: Bar[]; markArea?: { data: unknown[] } }>;
    };

  it('draws a 0–100 scale with one bar per slot at its apdex, coloured by its rating', () => {
    const option = optionOf([95, 95, 80, 80, 10, 10]);
    expect(option.yAxis).toMatchObject({ min: 0, max: 100 });
    expect(option.xAxis.data.slice(0, 3)).toEqual(['15:00', '17:00', '19:00']);
    const bars = option.series[0]?.data ?? [];
    expect(bars.slice(0, 3).map((bar) => [bar.value, bar.itemStyle?.color])).toEqual([
      [95, APDEX_COLOURS.gold],
      [80, APDEX_COLOURS.silver],
      [10, APDEX_COLOURS.bad],
    ]);
  });

  it('draws a 0 % slot as a visible red bar labelled 0%, never as nothing', () => {
    const option = optionOf([0, 0]);
    const [zero] = option.series[0]?.data ?? [];
    expect(zero?.value).toBe(0);
    expect(zero?.itemStyle?.color).toBe(APDEX_COLOURS.bad);
    expect(zero?.label).toMatchObject({ show: true, formatter: '0%' });
    expect(option.series[0]?.barMinHeight).toBeGreaterThan(0);
  });

  it('draws a slot without data as a hatched outline, not a grey bar', () => {
    const bars = optionOf([90, 90]).series[0]?.data ?? [];
    const empty = bars[1];
    expect(empty?.itemStyle?.color).toBe('transparent');
    expect(empty?.itemStyle?.decal).toBeDefined();
    expect(empty?.itemStyle?.color).not.toBe(APDEX_COLOURS.disabled);
  });

  it('shades paused and maintenance slots, named for the legend, with no bar', () => {
    const slotStart = (index: number) => endsAt - 24 * HOUR + index * 2 * HOUR;
    const option = optionOf([90, 90], {
      paused: [{ from: slotStart(1), to: slotStart(3) }],
      maintenance: [{ from: slotStart(5), to: slotStart(6) }],
    });
    expect(option.series.map((series) => series.name)).toEqual(['Apdex', 'Paused', 'In maintenance']);
    expect(option.series[1]?.markArea?.data).toEqual([
      [{ xAxis: 1 }, { xAxis: 1 }],
      [{ xAxis: 2 }, { xAxis: 2 }],
    ]);
    expect(option.series[0]?.data[1]?.value).toBe('-');
    expect(option.series[0]?.data[5]?.value).toBe('-');
  });

  it("ends the last slot's hours at now in its tooltip, never at a time to come", () => {
    // The last check was at 14:20: the 24 hours end with 14:00–15:00, the last slot is 13:00–15:00.
    const now = endsAt - 40 * 60_000;
    const option = hourlyApdexOption(apdexSlots(hours([]), endsAt), now) as {
      tooltip: { formatter: (params: Array<{ dataIndex: number }>) => string };
    };
    expect(option.tooltip.formatter([{ dataIndex: 11 }])).toBe('13:00 – 14:20<br/>No data');
    expect(option.tooltip.formatter([{ dataIndex: 10 }])).toBe('11:00 – 13:00<br/>No data');
  });
});
