import { describe, expect, it } from 'vitest';
import { bucketBounds, percentileFromBuckets } from './bucket-percentile';
import { countBuckets } from './buckets';

const only = (index: number, count: number) => Array.from({ length: 8 }, (_, i) => (i === index ? count : 0));

describe('percentileFromBuckets', () => {
  it.each([
    // [buckets, p, estimate]
    [only(0, 100), 50, 62.5],
    [only(0, 100), 95, 118.8],
    [only(2, 10), 50, 375],
    [[50, 50, 0, 0, 0, 0, 0, 0], 50, 125],
    [[50, 50, 0, 0, 0, 0, 0, 0], 95, 237.5],
    [[90, 0, 0, 0, 10, 0, 0, 0], 95, 1500],
    [[1, 0, 0, 0, 0, 0, 0, 0], 100, 125],
  ])('%j p%d → %d ms', (buckets, p, ms) => {
    expect(percentileFromBuckets(buckets, p)?.ms).toBe(ms);
  });

  it('is null without checks', () => {
    expect(percentileFromBuckets(only(0, 0), 50)).toBeNull();
  });

  it('above 8 s says only "at least 8 s"', () => {
    expect(percentileFromBuckets([1, 0, 0, 0, 0, 0, 0, 9], 95)).toEqual({
      ms: 8000,
      lowerMs: 8000,
      upperMs: null,
      openEnded: true,
    });
  });

  it('skips empty buckets: the rank lands in the next bucket that has checks', () => {
    expect(percentileFromBuckets([10, 0, 0, 10, 0, 0, 0, 0], 60)).toMatchObject({ lowerMs: 500, upperMs: 1000 });
  });

  it('refuses bad input', () => {
    expect(() => percentileFromBuckets(only(0, 1), 0)).toThrow(RangeError);
    expect(() => percentileFromBuckets(only(0, 1), 101)).toThrow(RangeError);
    expect(() => percentileFromBuckets(only(0, 1), Number.NaN)).toThrow(RangeError);
    expect(() => percentileFromBuckets([1, 2, 3], 50)).toThrow(RangeError);
    expect(() => percentileFromBuckets([...only(0, 1).slice(1), -1], 50)).toThrow(RangeError);
    expect(() => percentileFromBuckets([...only(0, 1).slice(1), Number.POSITIVE_INFINITY], 50)).toThrow(RangeError);
  });

  // The documented bound, checked against exact percentiles of made-up samples.
  it.each([
    ['uniform 0–2 s', Array.from({ length: 1000 }, (_, i) => i * 2)],
    ['skewed', Array.from({ length: 500 }, (_, i) => 40 + (i % 37) ** 2 * 3)],
    [
      'two modes',
      [...Array.from({ length: 300 }, (_, i) => 90 + i / 10), ...Array.from({ length: 60 }, (_, i) => 3000 + i * 10)],
    ],
  ])('stays in the true value’s bucket, within its width (%s)', (_name, samples) => {
    const sorted = [...samples].sort((a, b) => a - b);
    for (const p of [50, 95]) {
      const exact = sorted[Math.ceil((p / 100) * sorted.length) - 1] ?? 0;
      const estimate = percentileFromBuckets(countBuckets(sorted), p);
      expect(estimate).not.toBeNull();
      if (!estimate) continue;
      expect(exact).toBeGreaterThanOrEqual(estimate.lowerMs);
      expect(exact).toBeLessThanOrEqual(estimate.upperMs ?? Number.POSITIVE_INFINITY);
      const width = (estimate.upperMs ?? estimate.lowerMs) - estimate.lowerMs;
      expect(Math.abs(estimate.ms - exact)).toBeLessThanOrEqual(width);
    }
  });
});

describe('bucketBounds', () => {
  it('starts at 0 and doubles, the last bucket open', () => {
    expect(bucketBounds(0)).toEqual({ lowerMs: 0, upperMs: 125 });
    expect(bucketBounds(3)).toEqual({ lowerMs: 500, upperMs: 1000 });
    expect(bucketBounds(7)).toEqual({ lowerMs: 8000, upperMs: null });
  });
});
