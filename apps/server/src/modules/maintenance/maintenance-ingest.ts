import type { Database } from '../../db/client';
import type { MonitorState } from '../ingest/monitor-state.repository';
import { byMonitor, spansOverlapping } from './maintenance-spans.repository';

/**
 * What ingest asks of maintenance for a batch (issue 14): which new results fall inside a window
 * of their monitor. Those are stored (records, rollups) but do not move the down/up state: the
 * monitor enters maintenance instead — its open downtime ends at the window's start (ended by
 * 'maintenance', no 'up' alert) and its state is forgotten, so after the window the state machine
 * starts afresh from the next results. One indexed query per batch whose monitors have a span then
 * (`hasSpanOverlapping` read with them), none for the others; no rule is expanded here.
 */

interface TimedResult {
  monitorId: number;
  time: number;
  success: boolean;
  statusCode: number | null;
  error: string | null;
}

export interface MaintenanceSplit<R extends TimedResult> {
  /** Results outside every window: the state machine's input. */
  judged: R[];
  /** Monitors with a result inside a window → the earliest such window's start (epoch ms). */
  entered: Map<number, number>;
  /** Per entered monitor, its latest result inside a window (the monitor's last check). */
  latestInside: Map<number, R>;
}

export async function splitByMaintenance<R extends TimedResult>(
  db: Database,
  results: R[],
  /** The monitors that have a span in the batch's time range; the others' results are all judged. */
  withSpans: (monitorId: number) => boolean,
): Promise<MaintenanceSplit<R>> {
  const none = { judged: results, entered: new Map(), latestInside: new Map() };
  const candidates = results.filter((result) => withSpans(result.monitorId));
  if (!candidates.length) return none;
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const result of candidates) {
    if (result.time < from) from = result.time;
    if (result.time > to) to = result.time;
  }
  const spans = byMonitor(await spansOverlapping(db, [...new Set(candidates.map((r) => r.monitorId))], from, to + 1));
  if (!spans.size) return none;
  const entered = new Map<number, number>();
  const latestInside = new Map<number, R>();
  const outside: R[] = [];
  for (const result of results) {
    const own = spans.get(result.monitorId);
    const span = own?.find((s) => s.from <= result.time && result.time < s.to);
    if (!span) {
      outside.push(result);
      continue;
    }
    entered.set(result.monitorId, Math.min(entered.get(result.monitorId) ?? span.from, span.from));
    const latest = latestInside.get(result.monitorId);
    if (!latest || result.time > latest.time) latestInside.set(result.monitorId, result);
  }
  // A result older than the monitor's latest one inside a window belongs before the window: it judges nothing now.
  const judged = outside.filter((result) => {
    const latest = latestInside.get(result.monitorId);
    return !latest || result.time > latest.time;
  });
  return { judged, entered, latestInside };
}

/**
 * A monitor's state as maintenance leaves it: not down, no probers' runs, no confirmation round;
 * the latest check inside the window is its last check.
 */
export function stateInMaintenance(
  state: MonitorState,
  latest: TimedResult | undefined,
  isHttp: boolean,
): MonitorState {
  const next: MonitorState = {
    ...state,
    isDown: false,
    stateSince: null,
    proberStates: [],
    roundSince: null,
    roundOpenedAt: null,
  };
  if (!latest) return next;
  if (next.firstCheckAt === null || latest.time < next.firstCheckAt) next.firstCheckAt = latest.time;
  if (next.lastCheckAt === null || latest.time >= next.lastCheckAt) {
    next.lastCheckAt = latest.time;
    if (isHttp) next.lastStatusCode = latest.statusCode;
    else next.lastStatus = latest.success ? 'OK' : (latest.error ?? 'failed');
  }
  return next;
}
