import type { SlowAlertRule } from '@paydar/contracts/slow-alert';
import { apdexClass } from './apdex';
import { formatNumber } from './format';

/**
 * Slow-response alerts (issue 14, item 4), judged from a monitor's checks in time order, across its
 * probers. Pure: the caller keeps the state between batches and writes the events.
 *
 * - The window holds the latest `rule.checks` checks the rule looks at: every check for `apdex`
 *   (a failed one is frustrated, worth 0), successful checks only for `response_time` (failing is
 *   the downtime's business, not slowness).
 * - A monitor that is down is neither slow nor fast: while down the window is emptied and nothing
 *   is alerted; checks from before the monitor last came up are not counted. While a failure is
 *   being confirmed the apdex rule decides nothing (the next check after the round does). A slow monitor that
 *   goes down and comes back stays slow until its window, refilled, says otherwise.
 * - Entering needs a full window; so does leaving, so N−1 checks never decide.
 * - `response_time`: slow when every check of the window took longer than `above_ms`, back when
 *   every one took at most that (in between it stays as it was: no flapping on one odd check).
 * - `apdex`: slow when the window's apdex (0–1) is below `below`, back when at or above it.
 */

/** One stored check, as the rule needs it. Times are epoch milliseconds. */
export interface SlowCheck {
  time: number;
  success: boolean;
  durationMs: number;
}

export interface SlowState {
  isSlow: boolean;
  /** When it turned slow (the check that made it so); null when not slow. */
  since: number | null;
  /** Why it is slow, as the `slow` event said; null when not slow. */
  reason: string | null;
  /** The latest checks the rule looks at, oldest first, at most `rule.checks` of them. */
  window: SlowCheck[];
}

export interface SlowEvent {
  kind: 'slow' | 'slow_recovered';
  /** The time of the check that decided it. */
  at: number;
  reason: string;
}

export interface SlowStep {
  state: SlowState;
  events: SlowEvent[];
}

export const NOT_SLOW: SlowState = { isSlow: false, since: null, reason: null, window: [] };

/** Where the monitor stands after the batch: down or not, and since when it has been up. */
export interface UpDown {
  isDown: boolean;
  /** When it last came up (null: never down). Checks before then are not counted. */
  upSince: number | null;
  /**
   * A confirmation round is open (a failure is being confirmed): the apdex rule keeps the checks
   * but decides nothing until it ends, so an outage's first failures do not read as slowness. The
   * response-time rule skips failures anyway and goes on deciding.
   */
  confirming?: boolean;
}

/** Whether two rules are the same (jsonb keeps keys in its own order, so not by their JSON text). */
export function sameSlowRule(a: SlowAlertRule | null, b: SlowAlertRule | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.rule === 'apdex' && b.rule === 'apdex') return a.checks === b.checks && a.below === b.below;
  if (a.rule === 'response_time' && b.rule === 'response_time')
    return a.checks === b.checks && a.above_ms === b.above_ms;
  return false;
}

/** The apdex (0–1) of these checks with threshold `apdexMs`; null when there are none. */
export function windowApdex(window: readonly SlowCheck[], apdexMs: number): number | null {
  if (!window.length) return null;
  let points = 0;
  for (const check of window) {
    const verdict = apdexClass(check.success, check.durationMs, apdexMs / 1000);
    points += verdict === 'satisfied' ? 2 : verdict === 'tolerating' ? 1 : 0;
  }
  return points / (2 * window.length);
}

const fixed2 = (value: number) => (Math.floor(value * 100 + 1e-9) / 100).toFixed(2);
const checksWord = (count: number) => (count === 1 ? '1 check' : `${count} checks`);

/** The verdict of a full window: 'slow', 'fast' or null (neither: the state stays). Runs per check: no text here. */
function verdictOf(rule: SlowAlertRule, window: readonly SlowCheck[], apdexMs: number): 'slow' | 'fast' | null {
  if (rule.rule === 'apdex') return (windowApdex(window, apdexMs) as number) < rule.below ? 'slow' : 'fast';
  let over = 0;
  for (const check of window) if (check.durationMs > rule.above_ms) over += 1;
  if (over === window.length) return 'slow';
  return over === 0 ? 'fast' : null;
}

/** Why the window turned slow or fast again, in words; only when it did. */
function reasonOf(rule: SlowAlertRule, window: readonly SlowCheck[], apdexMs: number, verdict: 'slow' | 'fast') {
  if (rule.rule === 'apdex') {
    const apdex = fixed2(windowApdex(window, apdexMs) as number);
    const span = `over the last ${checksWord(rule.checks)} (threshold ${rule.below.toFixed(2)})`;
    return verdict === 'slow' ? `Apdex ${apdex} ${span}.` : `Apdex back to ${apdex} ${span}.`;
  }
  const last = window[window.length - 1] as SlowCheck;
  const limit = `${formatNumber(rule.above_ms)} ms`;
  const run = rule.checks === 1 ? '' : ` for ${rule.checks} checks in a row`;
  const lastMs = `(last ${formatNumber(Math.round(last.durationMs))} ms)`;
  return verdict === 'slow'
    ? `Response time above ${limit}${run} ${lastMs}.`
    : `Response time back to at most ${limit}${run} ${lastMs}.`;
}

/** Puts a check into the window at its place in time, keeping the latest `size`; false if it was too old to matter. */
function insertCheck(window: SlowCheck[], check: SlowCheck, size: number): boolean {
  let index = window.length;
  while (index > 0 && (window[index - 1] as SlowCheck).time > check.time) index -= 1;
  if (window.length >= size && index === 0) return false;
  window.splice(index, 0, check);
  if (window.length > size) window.splice(0, window.length - size);
  return true;
}

/**
 * Applies a batch's new checks of one monitor (any probers, any order) to its slow state. Each
 * check that enters the window is judged in time order, so one batch may both enter and leave
 * slow; a check older than a full window's oldest is too late to count.
 */
export function applySlowChecks(
  rule: SlowAlertRule,
  apdexMs: number,
  current: SlowState,
  checks: readonly SlowCheck[],
  upDown: UpDown,
): SlowStep {
  const base = { isSlow: current.isSlow, since: current.since, reason: current.reason };
  if (upDown.isDown) return { state: { ...base, window: [] }, events: [] };
  const upSince = upDown.upSince ?? Number.NEGATIVE_INFINITY;
  const counts = (check: SlowCheck) =>
    check.time >= upSince && (rule.rule === 'apdex' || check.success) && Number.isFinite(check.durationMs);
  const window = current.window.filter(counts);
  const state: SlowState = { ...base, window };
  const events: SlowEvent[] = [];
  const fresh = checks.filter(counts).sort((a, b) => a.time - b.time);
  for (const check of fresh) {
    if (!insertCheck(window, { time: check.time, success: check.success, durationMs: check.durationMs }, rule.checks))
      continue;
    if (window.length < rule.checks || (upDown.confirming && rule.rule === 'apdex')) continue;
    const verdict = verdictOf(rule, window, apdexMs);
    if (verdict === null || (verdict === 'slow') === state.isSlow) continue;
    const at = (window[window.length - 1] as SlowCheck).time;
    const reason = reasonOf(rule, window, apdexMs, verdict);
    if (verdict === 'slow') {
      Object.assign(state, { isSlow: true, since: at, reason });
      events.push({ kind: 'slow', at, reason });
    } else {
      Object.assign(state, { isSlow: false, since: null, reason: null });
      events.push({ kind: 'slow_recovered', at, reason });
    }
  }
  return { state, events };
}
