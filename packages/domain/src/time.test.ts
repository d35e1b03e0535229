import { describe, expect, it } from 'vitest';
import { msToSeconds, toMs, utcDayStart, utcHourStart, utcMonthStart } from './time';

const at = (iso: string) => Date.parse(iso);

describe('toMs', () => {
  it.each([
    [new Date('2024-03-05T10:00:00Z'), at('2024-03-05T10:00:00Z')],
    [1_700_000_000_000, 1_700_000_000_000],
  ])('%s → %d', (instant, ms) => {
    expect(toMs(instant)).toBe(ms);
  });
});

describe('msToSeconds', () => {
  it.each([
    [0, 0],
    [499, 0],
    [500, 1],
    [420_000, 420],
    [1_499, 1],
  ])('%d ms → %d s', (ms, seconds) => {
    expect(msToSeconds(ms)).toBe(seconds);
  });
});

describe('utcDayStart / utcHourStart', () => {
  it.each([
    ['2024-03-05T00:00:00Z', '2024-03-05T00:00:00Z', '2024-03-05T00:00:00Z'],
    ['2024-03-05T23:59:59.999Z', '2024-03-05T00:00:00Z', '2024-03-05T23:00:00Z'],
    ['2024-03-05T10:30:00+03:30', '2024-03-05T00:00:00Z', '2024-03-05T07:00:00Z'],
    ['1969-12-31T12:34:00Z', '1969-12-31T00:00:00Z', '1969-12-31T12:00:00Z'],
  ])('%s → day %s, hour %s', (instant, day, hour) => {
    expect(utcDayStart(at(instant))).toBe(at(day));
    expect(utcHourStart(new Date(instant))).toBe(at(hour));
  });
});

describe('utcMonthStart', () => {
  it.each([
    ['2024-03-15T12:00:00Z', 0, '2024-03-01T00:00:00Z'],
    ['2024-03-15T12:00:00Z', -2, '2024-01-01T00:00:00Z'],
    ['2024-03-15T12:00:00Z', -5, '2023-10-01T00:00:00Z'],
    ['2024-12-31T23:59:59Z', 1, '2025-01-01T00:00:00Z'],
  ])('%s moved %d months → %s', (instant, delta, start) => {
    expect(utcMonthStart(at(instant), delta)).toBe(at(start));
  });
});
