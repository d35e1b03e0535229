import { opensRound, settleRound } from '@paydar/domain/confirmation';
import { isRecentEnough, type ProberLatest, resultMaxAgeMs } from '@paydar/domain/monitor-state';
import { MAX_CHECK_TIMEOUT_MS } from '../monitors/check-spec';
import type { MonitorState, ProberState } from './monitor-state.repository';

/** What the state machine needs to know of a monitor besides its state. */
export interface MonitorSettings {
  periodSeconds: number;
  protocolType: string;
  proberIds: readonly number[];
}

/** One stored result, as the state machine needs it. Times are epoch milliseconds. */
export interface StateInput {
  proberId: number;
  time: number;
  success: boolean;
  statusCode: number | null;
  error: string | null;
  timeoutMs: number;
}

export interface Transition {
  kind: 'down' | 'up';
  at: number;
  /** Why it went down, from the latest failed check (a status code or the check's error); null for up. */
  reason: string | null;
}

export interface StateOutcome {
  /** The monitor's new state, its assigned probers' verdicts included. */
  update: MonitorState;
  transitions: Transition[];
  /** A confirmation round opened: every prober of the monitor should re-check it now. */
  roundOpened: boolean;
}

/** The text kept as a non-HTTP monitor's last status. */
const statusText = (input: StateInput) => (input.success ? 'OK' : (input.error ?? 'failed'));

/**
 * A failed check's reason as an alert says it: its status code when the status failed it ("HTTP
 * 503 …" from the check), else its error — a failed assertion's text names the assertion and what
 * was found ("Keyword "Error" found"), which a bare "HTTP 200" would hide.
 */
const failureReason = (input: StateInput) =>
  input.statusCode && (!input.error || input.error.startsWith(`HTTP ${input.statusCode}`))
    ? `HTTP ${input.statusCode}`
    : (input.error ?? 'failed');

/** Without a failure in hand (a round ended by the clock), what the state kept of the last check. */
const keptReason = (state: MonitorState) => (state.lastStatusCode ? `HTTP ${state.lastStatusCode}` : state.lastStatus);

/**
 * Applies one monitor's new results (any probers, any order) to its state: each prober's run of
 * failures, then, after every result in time order, the confirmation round (domain/confirmation):
 * a result contradicting the state opens a round (`roundOpened`: ingest asks every prober of the
 * monitor to re-check at once) and the round's answers decide by the majority rule. A result older
 * than the prober's latest one is stored but does not move the state backwards.
 *
 * A downtime starts at the failed check that opened the round that confirmed it, and ends at the
 * success that opened the round that confirmed the recovery. `now` (epoch ms) lets a round whose
 * probers stay silent end after its wait even when no result comes. This runs for every result
 * ingest stores, so it allocates little. Verdicts of probers no longer assigned are dropped.
 */
export function applyResults(
  monitor: MonitorSettings,
  current: MonitorState,
  results: StateInput[],
  now?: number,
): StateOutcome {
  const states = new Map<number, ProberState>();
  for (const state of current.proberStates) {
    if (monitor.proberIds.includes(state.proberId)) states.set(state.proberId, state);
  }
  const transitions: Transition[] = [];
  let { isDown, stateSince, firstCheckAt, lastCheckAt, roundSince, roundOpenedAt } = current;
  let roundOpened = false;
  let latest: StateInput | undefined;
  let latestFailure: StateInput | undefined;

  const settle = (time: number, maxAge: number, clock?: number) => {
    if (roundSince === null) return;
    const probers = [...states.values()].map((state) => ({
      proberId: state.proberId,
      lastTime: state.lastTime,
      success: state.lastSuccess,
      consecutiveFailures: state.consecutiveFailures,
    }));
    const round = settleRound({
      isDown,
      since: roundSince,
      openedAt: roundOpenedAt ?? roundSince,
      assigned: monitor.proberIds,
      probers,
      now: time,
      maxAgeMs: maxAge,
      ...(clock === undefined ? {} : { clock }),
    });
    if (!round.over) return;
    if (round.decision.transition) {
      const kind = round.decision.transition;
      const reason = kind === 'up' ? null : latestFailure ? failureReason(latestFailure) : keptReason(current);
      transitions.push({ kind, at: roundSince, reason });
      isDown = round.decision.isDown;
      stateSince = roundSince;
    }
    roundSince = null;
    roundOpenedAt = null;
  };

  results.sort((a, b) => a.time - b.time);
  for (const result of results) {
    if (firstCheckAt === null || result.time < firstCheckAt) firstCheckAt = result.time;
    if (lastCheckAt === null || result.time >= lastCheckAt) {
      lastCheckAt = result.time;
      latest = result;
    }
    if (!result.success && (latestFailure === undefined || result.time >= latestFailure.time)) latestFailure = result;
    const previous = states.get(result.proberId);
    if (previous && result.time <= previous.lastTime) continue;
    states.set(result.proberId, {
      proberId: result.proberId,
      lastTime: result.time,
      lastSuccess: result.success,
      consecutiveFailures: result.success ? 0 : (previous?.consecutiveFailures ?? 0) + 1,
      failingSince: result.success ? null : (previous?.failingSince ?? result.time),
    });

    const maxAge = resultMaxAgeMs(monitor.periodSeconds, result.timeoutMs);
    if (roundSince !== null) {
      settle(result.time, maxAge);
      continue;
    }
    const reporting: ProberLatest[] = [];
    for (const state of states.values()) {
      if (!isRecentEnough(state.lastTime, result.time, maxAge)) continue;
      reporting.push({
        proberId: state.proberId,
        success: state.lastSuccess,
        consecutiveFailures: state.consecutiveFailures,
      });
    }
    if (!opensRound(isDown, result, previous, reporting)) continue;
    roundSince = result.time;
    roundOpenedAt = now ?? result.time;
    roundOpened = true;
  }
  // Freshness is judged at the latest result (a backlog is not stale for arriving late); the wait, on the clock.
  if (now !== undefined) settle(lastCheckAt ?? now, resultMaxAgeMs(monitor.periodSeconds, MAX_CHECK_TIMEOUT_MS), now);

  const isHttp = monitor.protocolType === 'HTTP';
  return {
    transitions,
    update: {
      monitorId: current.monitorId,
      isDown,
      stateSince,
      firstCheckAt,
      lastCheckAt,
      lastStatusCode: !isHttp ? null : latest ? latest.statusCode : current.lastStatusCode,
      lastStatus: isHttp ? null : latest ? statusText(latest) : current.lastStatus,
      proberStates: [...states.values()],
      roundSince,
      roundOpenedAt,
    },
    roundOpened,
  };
}
