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

/** The monitor's phase within its period, in whole ms. */
export function slotOffsetMs(monitorId: number, periodMs: number): number {
  return Math.floor(idFraction(monitorId) * periodMs);
}

/** The first slot at or after `t` (ms since the epoch). */
export function firstSlotAtOrAfter(t: number, offsetMs: number, periodMs: number): number {
  return offsetMs + Math.ceil((t - offsetMs) / periodMs) * periodMs;
}

/** The first slot strictly after `t`. */
export function firstSlotAfter(t: number, offsetMs: number, periodMs: number): number {
  return offsetMs + (Math.floor((t - offsetMs) / periodMs) + 1) * periodMs;
}
