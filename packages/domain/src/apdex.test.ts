import { describe, expect, it } from 'vitest';
import { type ApdexClass, apdexClass, apdexPercent, apdexRating, countApdex } from './apdex';

describe('apdexClass', () => {
  it.each<[boolean, number, number, ApdexClass]>([
    [true, 0, 0.5, 'satisfied'],
    [true, 499.9, 0.5, 'satisfied'],
    [true, 500, 0.5, 'tolerating'], // exactly T tolerates
    [true, 1200, 0.5, 'tolerating'],
    [true, 2000, 0.5, 'tolerating'], // exactly 4T still tolerates
    [true, 2000.1, 0.5, 'frustrated'],
    [true, 124, 0.125, 'satisfied'],
    [true, 125, 0.125, 'tolerating'],
    [true, 500, 0.125, 'tolerating'],
    [true, 501, 0.125, 'frustrated'],
    [true, 7999, 2, 'tolerating'],
    [true, 8001, 2, 'frustrated'],
    [false, 10, 0.5, 'frustrated'], // a failure is frustrated however fast
    [false, 30_000, 2, 'frustrated'],
  ])('success=%s, %d ms, T=%d s → %s', (success, durationMs, t, expected) => {
    expect(apdexClass(success, durationMs, t)).toBe(expected);
  });
});

describe('countApdex', () => {
  it('tallies a latency mix by hand', () => {
    const results = [
      { success: true, durationMs: 100 },
      { success: true, durationMs: 300 },
      { success: true, durationMs: 500 },
      { success: true, durationMs: 2000 },
      { success: true, durationMs: 2500 },
      { success: false, durationMs: 50 },
    ];
    expect(countApdex(results, 0.5)).toEqual({ satisfied: 2, tolerating: 2, frustrated: 2 });
  });
});

describe('apdexPercent', () => {
  it.each([
    [{ satisfied: 0, tolerating: 0, frustrated: 0 }, null],
    [{ satisfied: 10, tolerating: 0, frustrated: 0 }, 100],
    [{ satisfied: 0, tolerating: 0, frustrated: 7 }, 0],
    [{ satisfied: 0, tolerating: 4, frustrated: 0 }, 50],
    [{ satisfied: 2, tolerating: 2, frustrated: 2 }, 50],
    [{ satisfied: 60, tolerating: 30, frustrated: 10 }, 75],
    [{ satisfied: 1, tolerating: 1, frustrated: 1 }, 50],
    [{ satisfied: 1, tolerating: 0, frustrated: 2 }, 33.3],
    [{ satisfied: 2, tolerating: 0, frustrated: 1 }, 66.7],
    [{ satisfied: 0, tolerating: 1, frustrated: 7 }, 6.3], // 6.25 rounds half up
    [{ satisfied: 0, tolerating: 1, frustrated: 15 }, 3.1], // 3.125 → 3.1
  ])('%o → %s', (counts, expected) => {
    expect(apdexPercent(counts)).toBe(expected);
  });
});

describe('apdexRating', () => {
  it.each([
    [null, 'disabled'],
    [100, 'gold'],
    [90, 'gold'],
    [89.9, 'silver'],
    [75, 'silver'],
    [74.9, 'bad'],
    [0, 'bad'],
  ])('%s → %s', (percent, rating) => {
    expect(apdexRating(percent)).toBe(rating);
  });
});
