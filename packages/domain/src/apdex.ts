/**
 * Apdex (spec §9): "satisfied under T, tolerating between T and 4T, frustrated above or failed".
 *
 * Boundaries: a successful result is satisfied when its duration is strictly under T, tolerating
 * from exactly T up to and including exactly 4T, frustrated above 4T. A failed result is
 * frustrated whatever its duration. T is the monitor's `apdex` option, in seconds.
 */

export type ApdexClass = 'satisfied' | 'tolerating' | 'frustrated';

export interface ApdexCounts {
  satisfied: number;
  tolerating: number;
  frustrated: number;
}

/** How one result counts towards apdex with threshold `apdexSeconds` (T). */
export function apdexClass(success: boolean, durationMs: number, apdexSeconds: number): ApdexClass {
  if (!success) return 'frustrated';
  const thresholdMs = apdexSeconds * 1000;
  if (durationMs < thresholdMs) return 'satisfied';
  if (durationMs <= 4 * thresholdMs) return 'tolerating';
  return 'frustrated';
}

/** Counts of each class over a list of results. */
export function countApdex(
  results: Iterable<{ success: boolean; durationMs: number }>,
  apdexSeconds: number,
): ApdexCounts {
  const counts: ApdexCounts = { satisfied: 0, tolerating: 0, frustrated: 0 };
  for (const result of results) counts[apdexClass(result.success, result.durationMs, apdexSeconds)] += 1;
  return counts;
}

/**
 * (satisfied + tolerating / 2) / total × 100, rounded to one decimal (exact halves up: 6.25 → 6.3);
 * null when there are no results, so "no data" never reads as 0.
 */
export function apdexPercent(counts: ApdexCounts): number | null {
  const total = counts.satisfied + counts.tolerating + counts.frustrated;
  if (total === 0) return null;
  // Whole numbers until the last division keep 62.5-like halves exact before rounding.
  return Math.round(((2 * counts.satisfied + counts.tolerating) * 1000) / (2 * total)) / 10;
}

export type ApdexRating = 'gold' | 'silver' | 'bad' | 'disabled';

/** The colour of an apdex value (spec §9): gold at 90 or above, silver 75 to under 90, bad below, disabled when null. */
export function apdexRating(percent: number | null): ApdexRating {
  if (percent === null) return 'disabled';
  if (percent >= 90) return 'gold';
  if (percent >= 75) return 'silver';
  return 'bad';
}
