import { type Instant, toMs } from './time';

/**
 * The down/up decision across a monitor's probers (spec, life of a check step 7).
 *
 * Down: a strict majority of the reporting probers see the monitor failing — their latest result
 * failed. With exactly one reporting prober, it must have failed twice in a row.
 * Up: a strict majority of the reporting probers' latest results succeeded (one prober: its
 * latest result succeeded).
 *
 * Hysteresis: the state changes only when the condition for the other state holds; in between it
 * stays as it is. With an odd number of probers one of the two always holds, so this only matters
 * for ties (2 of 4 failing keeps an up monitor up and a down monitor down, so a half-and-half
 * split does not flap) and for a lone prober's first failure (neither down nor recovered).
 */

export interface ProberLatest {
  proberId: number | string;
  /** Whether the prober's latest result succeeded. */
  success: boolean;
  /** Failures in a row up to and including the latest result; 0 after a success. */
  consecutiveFailures: number;
}

export type Transition = 'down' | 'up' | null;

export interface MonitorDecision {
  isDown: boolean;
  /** 'down' or 'up' when the state changed, else null: a transition opens or closes a downtime. */
  transition: Transition;
  /** Probers whose latest result failed, and probers counted. */
  failing: number;
  reporting: number;
}

/** Failures in a row a lone prober needs before its monitor is down. */
export const SINGLE_PROBER_FAILURES_FOR_DOWN = 2;

/** The new state from the current one and each reporting prober's latest result. */
export function decideMonitorState(isDown: boolean, latest: readonly ProberLatest[]): MonitorDecision {
  const reporting = latest.length;
  const failing = latest.filter((prober) => !prober.success).length;
  const succeeding = reporting - failing;

  const [only] = latest;
  const downHolds =
    reporting === 1 && only
      ? !only.success && Math.max(only.consecutiveFailures, 1) >= SINGLE_PROBER_FAILURES_FOR_DOWN
      : failing * 2 > reporting;
  const upHolds = succeeding * 2 > reporting;

  const next = isDown ? !upHolds : downHolds;
  const transition: Transition = next === isDown ? null : next ? 'down' : 'up';
  return { isDown: next, transition, failing, reporting };
}

/**
 * Whether a prober's latest result is recent enough to count: a prober that stopped reporting
 * must not hold its monitor down (or up) with an old result. Results at or after
 * `now - maxAgeMs` count.
 */
export function isRecentEnough(resultAt: Instant, now: Instant, maxAgeMs: number): boolean {
  return toMs(resultAt) >= toMs(now) - maxAgeMs;
}

/** How old a prober's latest result may be and still count: three periods plus the check's timeout. */
export function resultMaxAgeMs(periodSeconds: number, timeoutMs: number): number {
  return 3 * periodSeconds * 1000 + timeoutMs;
}
