import { describe, expect, it } from 'vitest';
import {
  addBuckets,
  apdexBucketIndex,
  averageMs,
  averageResponseTimeMs,
  BUCKET_LABELS,
  type BucketQuality,
  bucketIndex,
  bucketQuality,
  countBuckets,
} from './buckets';

describe('bucketIndex', () => {
  it.each([
    [-5, 0],
    [0, 0],
    [125, 0],
    [125.1, 1],
    [250, 1],
    [251, 2],
    [500, 2],
    [999, 3],
    [1000, 3],
    [1001, 4],
    [2000, 4],
    [4000, 5],
    [8000, 6],
    [8000.5, 7],
    [30_000, 7],
    [Number.POSITIVE_INFINITY, 7],
    [Number.NaN, 7],
  ])('%d ms → bucket %d', (durationMs, index) => {
    expect(bucketIndex(durationMs)).toBe(index);
  });

  it('has a label per bucket', () => {
    expect(BUCKET_LABELS).toHaveLength(8);
  });
});

describe('apdexBucketIndex', () => {
  it.each([
    [0.125, 0],
    [0.25, 1],
    [0.5, 2],
    [1, 3],
    [2, 4],
  ])('T=%d s → bucket %d', (t, index) => {
    expect(apdexBucketIndex(t)).toBe(index);
  });
});

describe('bucketQuality', () => {
  it.each<[number, number, BucketQuality]>([
    [0, 0.125, 'good'],
    [1, 0.125, 'tolerated'],
    [2, 0.125, 'tolerated'],
    [3, 0.125, 'frustrated'],
    [2, 0.5, 'good'],
    [3, 0.5, 'tolerated'],
    [4, 0.5, 'tolerated'],
    [5, 0.5, 'frustrated'],
    [7, 0.5, 'frustrated'],
    [4, 2, 'good'],
    [5, 2, 'tolerated'],
    [6, 2, 'tolerated'],
    [7, 2, 'frustrated'],
  ])('bucket %d with T=%d s → %s', (index, t, quality) => {
    expect(bucketQuality(index, t)).toBe(quality);
  });
});

describe('countBuckets / addBuckets', () => {
  it('counts a latency mix by hand', () => {
    expect(countBuckets([50, 125, 200, 480, 700, 1500, 3000, 9000, 12_000])).toEqual([2, 1, 1, 1, 1, 1, 0, 2]);
  });

  it.each([
    [[], [0, 0, 0, 0, 0, 0, 0, 0]],
    [[[1, 2, 3, 4, 5, 6, 7, 8]], [1, 2, 3, 4, 5, 6, 7, 8]],
    [
      [
        [1, 0, 0, 0, 0, 0, 0, 1],
        [2, 1, 0, 0, 0, 0, 0, 3],
      ],
      [3, 1, 0, 0, 0, 0, 0, 4],
    ],
  ])('adds %j → %j', (lists, sum) => {
    expect(addBuckets(...lists)).toEqual(sum);
  });
});

describe('averageMs / averageResponseTimeMs', () => {
  it.each([
    [0, 0, null],
    [600, 3, 200],
    [100, 3, 33.3],
    [1001, 2, 500.5],
    [0.25, 1, 0.3],
  ])('sum %d over %d → %s', (sum, count, average) => {
    expect(averageMs(sum, count)).toBe(average);
  });

  it.each([
    [[], null],
    [[100, 200, 300], 200],
    [[120.4, 130.2], 125.3],
  ])('%j → %s', (durations, average) => {
    expect(averageResponseTimeMs(durations)).toBe(average);
  });
});
