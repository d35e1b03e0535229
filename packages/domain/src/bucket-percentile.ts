import { BUCKET_COUNT, RESPONSE_TIME_BUCKETS_MS } from '@paydar/contracts/monitors-options';

/**
 * Percentiles of response time estimated from the rollups' bucket counts (spec §9 buckets: ≤125 ms,
 * ≤250 ms, ≤500 ms, ≤1 s, ≤2 s, ≤4 s, ≤8 s, above), never from raw records.
 *
 * Method (as Prometheus' histogram_quantile): the rank is p/100 × n; the bucket holding that rank
 * is found by the running count, and the value is interpolated linearly inside the bucket, as if
 * its checks were spread evenly between its lower and upper bound.
 *
 * Error bound: the true percentile lies in the same bucket as the estimate, so the estimate is off
 * by less than that bucket's width — under 125 ms in the first bucket, and otherwise under its lower
 * bound L (the bucket (L, 2L] is as wide as L), so the true value is within a factor of 2 of the
 * estimate. Above 8 s the bucket has no upper bound: the estimate is then its lower bound, 8,000 ms,
 * and says only "at least 8 s" (`openEnded`).
 */

export interface PercentileEstimate {
  /** The estimate, ms, to one decimal. */
  ms: number;
  /** The bucket the true value lies in: [lowerMs, upperMs]; upperMs null above 8 s. */
  lowerMs: number;
  upperMs: number | null;
  /** The rank fell in the bucket above 8 s: `ms` is a lower bound. */
  openEnded: boolean;
}

/** [lower, upper] of each bucket in ms; the last one's upper is null (no bound). */
export function bucketBounds(index: number): { lowerMs: number; upperMs: number | null } {
  const lowerMs = index === 0 ? 0 : (RESPONSE_TIME_BUCKETS_MS[index - 1] ?? 0);
  const upperMs = RESPONSE_TIME_BUCKETS_MS[index] ?? null;
  return { lowerMs, upperMs };
}

/**
 * The p-th percentile (0 < p ≤ 100) of the successful checks counted in `buckets`; null when no
 * check was counted. Counts that are negative or not finite are refused with a RangeError.
 */
export function percentileFromBuckets(buckets: readonly number[], p: number): PercentileEstimate | null {
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile must be in (0, 100], got ${p}`);
  if (buckets.length !== BUCKET_COUNT) throw new RangeError(`expected ${BUCKET_COUNT} buckets, got ${buckets.length}`);
  for (const count of buckets) {
    if (!Number.isFinite(count) || count < 0)
      throw new RangeError(`bucket counts must be finite and ≥ 0, got ${count}`);
  }
  const total = buckets.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = (p / 100) * total;
  let below = 0;
  for (let index = 0; index < BUCKET_COUNT; index += 1) {
    const count = buckets[index] ?? 0;
    if (count > 0 && below + count >= rank) {
      const { lowerMs, upperMs } = bucketBounds(index);
      if (upperMs === null) return { ms: lowerMs, lowerMs, upperMs, openEnded: true };
      const ms = lowerMs + ((upperMs - lowerMs) * (rank - below)) / count;
      return { ms: Math.round(ms * 10) / 10, lowerMs, upperMs, openEnded: false };
    }
    below += count;
  }
  // Unreachable: rank ≤ total, so some bucket holds it.
  return null;
}
