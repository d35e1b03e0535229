import { decideMonitorState, isRecentEnough, type ProberLatest, resultMaxAgeMs } from '@paydar/domain/monitor-state';
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
}

export interface StateOutcome {
  /** The monitor's new state, its assigned probers' verdicts included. */
  update: MonitorState;
  transitions: Transition[];
}

/** The text kept as a non-HTTP monitor's last status. */
const statusText = (input: StateInput) => (input.success ? 'OK' : (input.error ?? 'failed'));

/**
 * Applies one monitor's new results (any probers, any order) to its state: each prober's run of
 * failures, then the down/up decision after every result in time order. A result older than the
 * prober's latest one is stored but does not move the state backwards.
 *
 * Each prober is judged by its latest result, so the decision is exact while agents report as
 * they go; a backlog a prober delivers late is stored exactly but judged against the other
 * probers' latest results.
 *
 * A downtime starts at the result that makes the majority fail — for a lone prober at the first
 * failure of the run that confirmed it — and ends at the result that makes the majority succeed.
 * This runs for every result ingest stores, so it allocates little. Verdicts of probers no longer
 * assigned are dropped.
 */
export function applyResults(monitor: MonitorSettings, current: MonitorState, results: StateInput[]): StateOutcome {
  const states = new Map<number, ProberState>();
  for (const state of current.proberStates) {
    if (monitor.proberIds.includes(state.proberId)) states.set(state.proberId, state);
  }
  const transitions: Transition[] = [];
  const several = monitor.proberIds.length > 1;
  let { isDown, stateSince, firstCheckAt, lastCheckAt } = current;
  let latest: StateInput | undefined;

  results.sort((a, b) => a.time - b.time);
  for (const result of results) {
    if (firstCheckAt === null || result.time < firstCheckAt) firstCheckAt = result.time;
    if (lastCheckAt === null || result.time >= lastCheckAt) {
      lastCheckAt = result.time;
      latest = result;
    }
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
    const reporting: ProberLatest[] = [];
    let lone: ProberState | undefined;
    for (const state of states.values()) {
      if (!isRecentEnough(state.lastTime, result.time, maxAge)) continue;
      reporting.push({
        proberId: state.proberId,
        success: state.lastSuccess,
        consecutiveFailures: state.consecutiveFailures,
      });
      lone = state;
    }
    // With several probers assigned, one prober alone does not decide while the others may simply
    // not have reported yet; once the monitor has been checked for longer than a result stays
    // recent, the silent ones are dead or disabled, and the lone reporter decides as a lone
    // prober does (two failures in a row) rather than a dead prober hiding an outage.
    const othersHadTime = firstCheckAt !== null && result.time - firstCheckAt >= maxAge;
    if (several && reporting.length < 2 && !othersHadTime) continue;
    const decision = decideMonitorState(isDown, reporting);
    if (!decision.transition) continue;
    const at =
      decision.transition === 'down' && reporting.length === 1 && lone?.failingSince != null
        ? lone.failingSince
        : result.time;
    transitions.push({ kind: decision.transition, at });
    isDown = decision.isDown;
    stateSince = at;
  }

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
    },
  };
}
