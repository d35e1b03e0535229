import { BUCKET_COUNT, RESPONSE_TIME_BUCKETS_MS } from '@paydar/contracts/monitors-options';

/**
 * The response-time histogram (spec §9): 8 buckets, ≤125 ms, ≤250 ms, ≤500 ms, ≤1 s, ≤2 s, ≤4 s,
 * ≤8 s and above 8 s. Upper bounds are inclusive: exactly 125 ms is in the first bucket, 125.1 ms
 * in the second. Only successful results go into buckets; failures are counted apart (`error`).
 *
 * The apdex bucket is the one holding T, so T's own bound closes it (T = 0.5 s → bucket 2, ≤500 ms).
 * Apdex itself counts exactly T as tolerating: at that single value the histogram (good) and the
 * apdex class (tolerating) disagree, which a coarse view accepts.
 */

export type BucketQuality = 'good' | 'tolerated' | 'frustrated';

/** How the buckets are labelled on the chart. */
export const BUCKET_LABELS = ['125ms', '250ms', '500ms', '1s', '2s', '4s', '8s', '>8s'] as const;

/** Index 0..7 of the bucket a duration falls in; negative counts as 0, a non-finite value as above 8 s. */
export function bucketIndex(durationMs: number): number {
  for (const [index, upperBound] of RESPONSE_TIME_BUCKETS_MS.entries()) {
    if (durationMs <= upperBound) return index;
  }
  return BUCKET_COUNT - 1;
}

/** The bucket holding the apdex threshold T (seconds): 0.125 → 0, 0.5 → 2, 2 → 4. */
export function apdexBucketIndex(apdexSeconds: number): number {
  return bucketIndex(apdexSeconds * 1000);
}

/** Good up to the apdex bucket, tolerated up to two more buckets, then frustrated (spec §9). */
export function bucketQuality(index: number, apdexSeconds: number): BucketQuality {
  const apdexBucket = apdexBucketIndex(apdexSeconds);
  if (index <= apdexBucket) return 'good';
  if (index <= apdexBucket + 2) return 'tolerated';
  return 'frustrated';
}

/** Eight zeroes. */
export function emptyBuckets(): number[] {
  return new Array<number>(BUCKET_COUNT).fill(0);
}

/** Bucket counts of a list of successful durations. */
export function countBuckets(durationsMs: Iterable<number>): number[] {
  const buckets = emptyBuckets();
  for (const duration of durationsMs) {
    const index = bucketIndex(duration);
    buckets[index] = (buckets[index] ?? 0) + 1;
  }
  return buckets;
}

/** Element-wise sum of bucket lists. */
export function addBuckets(...lists: readonly (readonly number[])[]): number[] {
  const sum = emptyBuckets();
  for (const list of lists) {
    for (let index = 0; index < BUCKET_COUNT; index += 1) sum[index] = (sum[index] ?? 0) + (list[index] ?? 0);
  }
  return sum;
}

/** An average in ms rounded to one decimal (halves up); null when nothing was measured. */
export function averageMs(sumMs: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sumMs / count) * 10) / 10;
}

/** Average response time of successful results: the mean of their total durations. */
export function averageResponseTimeMs(durationsMs: readonly number[]): number | null {
  let sum = 0;
  for (const duration of durationsMs) sum += duration;
  return averageMs(sum, durationsMs.length);
}
