/**
 * Slot arithmetic. A monitor's slots are offset + k·period, counted from the Unix epoch, so they
 * do not depend on when the process started: a restart keeps every monitor on the same slots.
 */

/**
 * A number in [0, 1) derived from the monitor id by Fibonacci hashing: consecutive ids land far
 * apart and any run of ids covers the interval evenly, so checks spread across the period.
 */
export function idFraction(monitorId: number): number {
  return (Math.imul(monitorId, 0x9e3779b9) >>> 0) / 2 ** 32;
}

/**
 * Slots fall on this grid (ms since the epoch): the checks due at one grid point start together,
 * on one timer, while the code that runs them is hot in the CPU's caches — a check started alone
 * costs several times the CPU of one started beside others. Spread over a 20 s period that is
 * still 80 start times; the grid is finer than any drift a check may show (< 250 ms p99).
 */
export const SLOT_GRID_MS = 250;

/** The monitor's phase within its period, in whole ms, on the slot grid where the period allows. */
export function slotOffsetMs(monitorId: number, periodMs: number): number {
  const points = Math.max(1, Math.floor(periodMs / SLOT_GRID_MS));
  return Math.floor(idFraction(monitorId) * points) * Math.floor(periodMs / points);
}

/** The first slot at or after `t` (ms since the epoch). */
export function firstSlotAtOrAfter(t: number, offsetMs: number, periodMs: number): number {
  return offsetMs + Math.ceil((t - offsetMs) / periodMs) * periodMs;
}

/** The first slot strictly after `t`. */
export function firstSlotAfter(t: number, offsetMs: number, periodMs: number): number {
  return offsetMs + (Math.floor((t - offsetMs) / periodMs) + 1) * periodMs;
}
