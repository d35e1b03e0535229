import { decideMonitorState, freshResults, resultMaxAgeMs } from '@paydar/domain/monitor-state';
import type { LockedMonitorState, MonitorStateUpdate, ProberState } from './monitor-state.repository';

/** One stored result, as the state machine needs it. */
export interface StateInput {
  proberId: number;
  time: Date;
  success: boolean;
  statusCode: number | null;
  error: string | null;
  timeoutMs: number;
}

export interface Transition {
  kind: 'down' | 'up';
  at: Date;
}

export interface StateOutcome {
  proberStates: ProberState[];
  update: MonitorStateUpdate;
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
 */
export function applyResults(monitor: LockedMonitorState, known: ProberState[], results: StateInput[]): StateOutcome {
  const states = new Map(known.map((state) => [state.proberId, { ...state }]));
  const changed = new Set<number>();
  const transitions: Transition[] = [];
  let isDown = monitor.isDown;
  let stateSince = monitor.stateSince;
  let firstCheckAt = monitor.firstCheckAt;
  let lastCheckAt = monitor.lastCheckAt;
  let latest: StateInput | undefined;
  const assigned = new Set(monitor.proberIds);

  for (const result of [...results].sort((a, b) => a.time.getTime() - b.time.getTime())) {
    if (!firstCheckAt || result.time < firstCheckAt) firstCheckAt = result.time;
    if (!lastCheckAt || result.time >= lastCheckAt) {
      lastCheckAt = result.time;
      latest = result;
    }
    const previous = states.get(result.proberId);
    if (previous && result.time <= previous.lastTime) continue;
    const next: ProberState = {
      monitorId: monitor.monitorId,
      proberId: result.proberId,
      lastTime: result.time,
      lastSuccess: result.success,
      consecutiveFailures: result.success ? 0 : (previous?.consecutiveFailures ?? 0) + 1,
      failingSince: result.success ? null : (previous?.failingSince ?? result.time),
    };
    states.set(result.proberId, next);
    changed.add(result.proberId);

    const reporting = freshResults(
      [...states.values()]
        .filter((state) => assigned.has(state.proberId))
        .map((state) => ({ ...state, at: state.lastTime })),
      result.time,
      resultMaxAgeMs(monitor.periodSeconds, result.timeoutMs),
    );
    // With several probers assigned, one prober alone never decides: the others may not have reported yet.
    if (assigned.size > 1 && reporting.length < 2) continue;
    const decision = decideMonitorState(
      isDown,
      reporting.map((state) => ({
        proberId: state.proberId,
        success: state.lastSuccess,
        consecutiveFailures: state.consecutiveFailures,
      })),
    );
    if (!decision.transition) continue;
    const lone = reporting.length === 1 ? reporting[0] : undefined;
    const at = decision.transition === 'down' && lone?.failingSince ? lone.failingSince : result.time;
    transitions.push({ kind: decision.transition, at });
    isDown = decision.isDown;
    stateSince = at;
  }

  const isHttp = monitor.protocolType === 'HTTP';
  const reference = latest;
  return {
    proberStates: [...changed].map((proberId) => states.get(proberId) as ProberState),
    transitions,
    update: {
      monitorId: monitor.monitorId,
      isDown,
      stateSince,
      firstCheckAt: firstCheckAt ?? new Date(0),
      lastCheckAt: lastCheckAt ?? new Date(0),
      lastStatusCode: !isHttp ? null : reference ? reference.statusCode : monitor.lastStatusCode,
      lastStatus: isHttp ? null : reference ? statusText(reference) : monitor.lastStatus,
    },
  };
}
