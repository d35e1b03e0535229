import type { MonitorState } from '../ingest/monitor-state.repository';
import type { StateOutcome, Transition } from '../ingest/state-machine';

/**
 * The "prober" a heartbeat's records and rollups are filed under. No prober checks a HEARTBEAT
 * monitor: its pings are their own witness, so they need no confirmation round and no majority.
 * Id 0 is never a prober's (ids start at 1), so the prober dimension of probe_records and
 * quarter_rollups keeps one row per quarter hour for the pings, and the metric names it (metrics.repository).
 */
export const HEARTBEAT_PROBER_ID = 0;
export const HEARTBEAT_PROBER_NAME = 'Heartbeat pings';

/** What moved a heartbeat: a success ping, a `/fail` ping, or the sweep finding it late. */
export type HeartbeatEvent =
  | { kind: 'success'; at: number }
  | { kind: 'fail'; at: number; reason: string }
  | { kind: 'late'; at: number; reason: string };

/** The monitor's last status after each kind of event (the list's and the detail's "last check"). */
export const HEARTBEAT_STATUS_TEXT = { success: 'OK', fail: 'Failed', late: 'Late' } as const;

/**
 * A heartbeat's new state after one event, in the state machine's shape (so saveOutcomes opens
 * and closes downtimes and records the events alerting reads, as for probed monitors): a success
 * brings a down monitor up at the ping; a failure or lateness takes an up one down at once.
 */
export function heartbeatOutcome(current: MonitorState, event: HeartbeatEvent): StateOutcome {
  const transitions: Transition[] = [];
  let { isDown, stateSince } = current;
  const goesDown = event.kind !== 'success';
  if (goesDown !== isDown) {
    transitions.push({ kind: goesDown ? 'down' : 'up', at: event.at, reason: goesDown ? event.reason : null });
    isDown = goesDown;
    stateSince = event.at;
  }
  return {
    transitions,
    roundOpened: false,
    update: {
      ...current,
      isDown,
      stateSince,
      firstCheckAt: current.firstCheckAt === null ? event.at : Math.min(current.firstCheckAt, event.at),
      lastCheckAt: current.lastCheckAt === null ? event.at : Math.max(current.lastCheckAt, event.at),
      lastStatusCode: null,
      lastStatus: HEARTBEAT_STATUS_TEXT[event.kind],
      proberStates: [],
      roundSince: null,
      roundOpenedAt: null,
    },
  };
}
