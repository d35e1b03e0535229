import { decideMonitorState, type MonitorDecision, type ProberLatest } from './monitor-state';

/**
 * The confirmation round (ARCHITECTURE.md, "Confirmation round"). A result that contradicts the
 * monitor's state — a failure while it is up, a success while it is down — does not move the state
 * by itself: it opens a round, every prober of the monitor re-checks it at once, and the round's
 * answers decide by the usual majority rule (decideMonitorState). A prober that does not answer
 * within CONFIRMATION_WAIT_MS is left out, so a dead prober delays a verdict by seconds, not periods.
 */

/** How long a round waits for the probers that have not answered yet. */
export const CONFIRMATION_WAIT_MS = 5_000;

/** A prober's latest result as the round sees it. Times are epoch milliseconds. */
export interface RoundProber extends ProberLatest {
  lastTime: number;
}

export interface RoundInput {
  isDown: boolean;
  /** The time of the result that contradicted the state: answers are results after it. */
  since: number;
  /** When the round opened on the server's clock: the wait runs from there (a result may arrive late). */
  openedAt: number;
  /** Every prober assigned to the monitor. */
  assigned: readonly number[];
  /** The assigned probers' latest results (a prober that never reported has none). */
  probers: readonly RoundProber[];
  /** The time the round is looked at: the latest result's time. */
  now: number;
  /**
   * The wall clock, when the round is looked at outside a result (after a batch, or by the round's
   * timer): only then can it have waited long enough. Results of one batch are judged without it,
   * so a prober's next result in the same batch does not time out the others' answers behind it.
   */
  clock?: number;
  /** How old a result may be before its prober counts as gone (3 periods + timeout). */
  maxAgeMs: number;
}

/**
 * Whether the round is over at `now`, and if so its verdict over the probers that answered: those
 * whose latest result is from the round's instant or later (the failure that opened it counts as
 * its prober's answer until that prober's re-check replaces it; probers checking at the same slot
 * answer with it). It is over once every assigned prober has answered or is gone (silent past
 * maxAgeMs) and at least one result came after the opening one (a lone prober's re-check), or once
 * CONFIRMATION_WAIT_MS has passed on the wall clock.
 */
export function settleRound(input: RoundInput): { over: false } | { over: true; decision: MonitorDecision } {
  const byId = new Map(input.probers.map((prober) => [prober.proberId, prober]));
  const answered = input.probers.filter((prober) => prober.lastTime >= input.since);
  const waitingFor = input.assigned.filter((id) => {
    const prober = byId.get(id);
    if (!prober) return true;
    return prober.lastTime < input.since && prober.lastTime >= input.now - input.maxAgeMs;
  });
  const anyAfter = answered.some((prober) => prober.lastTime > input.since);
  const timedOut = input.clock !== undefined && input.clock - input.openedAt >= CONFIRMATION_WAIT_MS;
  if (!timedOut && (waitingFor.length > 0 || !anyAfter)) return { over: false };
  return { over: true, decision: decideMonitorState(input.isDown, answered) };
}

/**
 * Whether a prober's new result opens a round: it contradicts the monitor's state and the prober's
 * own previous result did not (a prober failing for a while opens one round, not one per check),
 * or the probers' latest results already call for a change (the others went silent meanwhile).
 */
export function opensRound(
  isDown: boolean,
  result: { success: boolean },
  previous: { lastSuccess: boolean } | undefined,
  latest: readonly ProberLatest[],
): boolean {
  const contradicts = result.success === isDown;
  if (contradicts && (!previous || previous.lastSuccess !== result.success)) return true;
  return decideMonitorState(isDown, latest).transition !== null;
}
