import type { Phases } from '@paydar/contracts/agent';
import { apdexClass, apdexPercent } from './apdex';
import { addBuckets, averageMs, bucketIndex, emptyBuckets } from './buckets';
import { HOUR_MS, type Instant, toMs } from './time';

/**
 * Rollups: what the server keeps per monitor × prober × UTC hour instead of re-reading raw results.
 * A rollup counts results, failures and apdex classes (failures are frustrated), and — over the
 * successful results only, so a timeout's 30 s does not pass for a response time — the 8 response
 * time buckets and the sums of each phase. resolve, connect, tls and response may be null for a
 * result (no TLS on plain HTTP, no DNS for an IP), so each has its own count; duration's count is
 * the number of successful results. The apdex class is fixed when a result is added, with the T in
 * force then. Rollups add up: merging hours or probers is summing.
 */

export interface PhaseSums {
  resolve: number;
  connect: number;
  tls: number;
  response: number;
  duration: number;
}

/** How many results had each nullable phase. */
export interface PhaseCounts {
  resolve: number;
  connect: number;
  tls: number;
  response: number;
}

export interface Rollup {
  count: number;
  failures: number;
  satisfied: number;
  tolerating: number;
  frustrated: number;
  /** 8 counts of successful results, as in buckets.ts. */
  buckets: number[];
  /** Milliseconds, over successful results. */
  sums: PhaseSums;
  counts: PhaseCounts;
}

export interface RollupResult {
  success: boolean;
  phases: Phases;
}

const NULLABLE_PHASES = ['resolve', 'connect', 'tls', 'response'] as const;

export function emptyRollup(): Rollup {
  return {
    count: 0,
    failures: 0,
    satisfied: 0,
    tolerating: 0,
    frustrated: 0,
    buckets: emptyBuckets(),
    sums: { resolve: 0, connect: 0, tls: 0, response: 0, duration: 0 },
    counts: { resolve: 0, connect: 0, tls: 0, response: 0 },
  };
}

/** A new rollup: `rollup` with one more result, classed with threshold T (seconds). */
export function addResult(rollup: Rollup, result: RollupResult, apdexSeconds: number): Rollup {
  const next = mergeRollups([rollup]);
  accumulate(next, result, apdexSeconds);
  return next;
}

/** The rollup of a batch of results. */
export function rollupResults(results: Iterable<RollupResult>, apdexSeconds: number): Rollup {
  const rollup = emptyRollup();
  for (const result of results) accumulate(rollup, result, apdexSeconds);
  return rollup;
}

/** The sum of rollups (hours into a day, probers into a monitor). */
export function mergeRollups(rollups: Iterable<Rollup>): Rollup {
  const sum = emptyRollup();
  for (const rollup of rollups) {
    sum.count += rollup.count;
    sum.failures += rollup.failures;
    sum.satisfied += rollup.satisfied;
    sum.tolerating += rollup.tolerating;
    sum.frustrated += rollup.frustrated;
    sum.buckets = addBuckets(sum.buckets, rollup.buckets);
    sum.sums.duration += rollup.sums.duration;
    for (const phase of NULLABLE_PHASES) {
      sum.sums[phase] += rollup.sums[phase];
      sum.counts[phase] += rollup.counts[phase];
    }
  }
  return sum;
}

/** Mean of each phase in ms (one decimal) over the successful results that had it; null when none did. */
export interface PhaseAverages {
  resolve: number | null;
  connect: number | null;
  tls: number | null;
  response: number | null;
  duration: number | null;
}

export function phaseAverages(rollup: Rollup): PhaseAverages {
  return {
    resolve: averageMs(rollup.sums.resolve, rollup.counts.resolve),
    connect: averageMs(rollup.sums.connect, rollup.counts.connect),
    tls: averageMs(rollup.sums.tls, rollup.counts.tls),
    response: averageMs(rollup.sums.response, rollup.counts.response),
    duration: averageMs(rollup.sums.duration, rollup.count - rollup.failures),
  };
}

/** One prober's line of the metric (spec §3 `probers`): phase averages, failed results and results. */
export interface ProberSummary extends PhaseAverages {
  failed: number;
  count: number;
}

/** Per prober, its rollups (any number of hours) merged into averages and failure counts. */
export function proberSummaries<K>(rows: Iterable<{ proberId: K; rollup: Rollup }>): Map<K, ProberSummary> {
  const byProber = new Map<K, Rollup[]>();
  for (const row of rows) {
    const rollups = byProber.get(row.proberId);
    if (rollups) rollups.push(row.rollup);
    else byProber.set(row.proberId, [row.rollup]);
  }
  const summaries = new Map<K, ProberSummary>();
  for (const [proberId, rollups] of byProber) {
    const merged = mergeRollups(rollups);
    summaries.set(proberId, { ...phaseAverages(merged), failed: merged.failures, count: merged.count });
  }
  return summaries;
}

/** The `by_response_time` figures of a rollup: buckets, failed results and the average response time. */
export function responseTimeSummary(rollup: Rollup): {
  buckets: number[];
  error: number;
  average_response_time: number | null;
} {
  return {
    buckets: [...rollup.buckets],
    error: rollup.failures,
    average_response_time: averageMs(rollup.sums.duration, rollup.count - rollup.failures),
  };
}

/**
 * Apdex per hour for `hours` hours from `from` (an hour start, the reader's local hour: +03:30 begins
 * at :30 UTC): rollups of the same hour (several probers, its four quarters) are merged; an hour without results is null; rollups outside the range are ignored.
 */
export function hourlyApdexPercents(
  rows: Iterable<{ hour: Instant; rollup: Rollup }>,
  from: Instant,
  hours = 24,
): (number | null)[] {
  const start = toMs(from);
  const perHour: Rollup[][] = Array.from({ length: hours }, () => []);
  for (const row of rows) {
    const index = Math.floor((toMs(row.hour) - start) / HOUR_MS);
    if (index >= 0 && index < hours) perHour[index]?.push(row.rollup);
  }
  return perHour.map((rollups) => apdexPercent(mergeRollups(rollups)));
}

function accumulate(rollup: Rollup, result: RollupResult, apdexSeconds: number): void {
  const { phases } = result;
  rollup.count += 1;
  rollup[apdexClass(result.success, phases.duration, apdexSeconds)] += 1;
  if (!result.success) {
    rollup.failures += 1;
    return;
  }
  const index = bucketIndex(phases.duration);
  rollup.buckets[index] = (rollup.buckets[index] ?? 0) + 1;
  rollup.sums.duration += phases.duration;
  for (const phase of NULLABLE_PHASES) {
    const value = phases[phase];
    if (value === null) continue;
    rollup.sums[phase] += value;
    rollup.counts[phase] += 1;
  }
}
