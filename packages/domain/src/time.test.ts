import { describe, expect, it } from 'vitest';
import { msToSeconds, quartersTouching, toMs, utcDayStart, utcHourStart, utcMonthStart, utcQuarterStart } from './time';

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

describe('utcQuarterStart / quartersTouching', () => {
  it.each([
    ['2026-12-01T20:29:59.999Z', '2026-12-01T20:15:00.000Z'],
    ['2026-12-01T20:30:00.000Z', '2026-12-01T20:30:00.000Z'],
    ['2026-12-01T18:14:00.000Z', '2026-12-01T18:00:00.000Z'],
    ['2026-12-01T18:15:00.000Z', '2026-12-01T18:15:00.000Z'],
    ['1969-12-31T23:59:00.000Z', '1969-12-31T23:45:00.000Z'],
  ])('%s is in the quarter of %s', (instant, start) => {
    expect(new Date(utcQuarterStart(Date.parse(instant))).toISOString()).toBe(start);
  });

  it('covers a rolling window with the quarters it touches, up to the end of the one it ends in', () => {
    const span = quartersTouching({ from: Date.parse('2026-11-30T20:40:00Z'), to: Date.parse('2026-12-01T20:40:00Z') });
    expect(new Date(span.from).toISOString()).toBe('2026-11-30T20:30:00.000Z');
    expect(new Date(span.to).toISOString()).toBe('2026-12-01T20:45:00.000Z');
  });
});
