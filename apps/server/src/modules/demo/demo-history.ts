import { apdexClass } from '@paydar/domain/apdex';
import { bucketIndex } from '@paydar/domain/buckets';
import { HEARTBEAT_PROBER_ID } from '../heartbeats/heartbeat-verdict';
import type { ProbeRecordInput } from '../ingest/probe-records.repository';
import { type DemoMonitorSpec, type DemoProberSpec, isDemoHeartbeat } from './demo.catalogue';
import { type DemoCheck, forEachCheck, incidentsIn } from './demo-checks';
import { heartbeatChecksIn } from './demo-heartbeat';

/**
 * The demo's checks over a range turned into what the database keeps: quarter-hour rollups for the
 * whole range (summed here, as ingest sums them, so 90 days are some 160,000 rows rather than two
 * million records) and raw
 * records for its recent part, plus each prober's last check for the monitor's state.
 */

export interface DemoMonitor {
  id: number;
  spec: DemoMonitorSpec;
}
export interface DemoProber {
  id: number;
  spec: DemoProberSpec;
}

/** One quarter_rollups row, as its columns. */
export interface RollupRow {
  monitorId: number;
  proberId: number;
  /** Epoch ms of the UTC quarter hour's start. */
  quarter: number;
  checks: number;
  failures: number;
  satisfied: number;
  tolerating: number;
  frustrated: number;
  buckets: number[];
  durationSum: number;
  resolveSum: number;
  resolveCount: number;
  connectSum: number;
  connectCount: number;
  tlsSum: number;
  tlsCount: number;
  responseSum: number;
  responseCount: number;
}

export interface DemoHistory {
  /** Quarters before `rawFrom` only: the records from `rawFrom` on bring their own rollups (insertProbeRecords). */
  rollups: RollupRow[];
  raw: ProbeRecordInput[];
  /** The last check of each probed monitor on each prober in the range. */
  last: Map<number, Array<{ proberId: number; check: DemoCheck; failuresInRow: number; failingSince: number | null }>>;
}

const QUARTER = 900_000;
/** Each nullable phase of a check and the rollup columns it adds to. */
const PHASE_COLUMNS = [
  ['resolveMs', 'resolveSum', 'resolveCount'],
  ['connectMs', 'connectSum', 'connectCount'],
  ['tlsMs', 'tlsSum', 'tlsCount'],
  ['responseMs', 'responseSum', 'responseCount'],
] as const;
const CLASS_INDEX = { satisfied: 0, tolerating: 1, frustrated: 2 } as const;

function emptyRollup(monitorId: number, proberId: number, quarter: number): RollupRow {
  return {
    monitorId,
    proberId,
    quarter,
    checks: 0,
    failures: 0,
    satisfied: 0,
    tolerating: 0,
    frustrated: 0,
    buckets: [0, 0, 0, 0, 0, 0, 0, 0],
    durationSum: 0,
    resolveSum: 0,
    resolveCount: 0,
    connectSum: 0,
    connectCount: 0,
    tlsSum: 0,
    tlsCount: 0,
    responseSum: 0,
    responseCount: 0,
  };
}

function addToRollup(rollup: RollupRow, check: DemoCheck, apdexClassIndex: number, bucket: number): void {
  rollup.checks++;
  if (apdexClassIndex === 0) rollup.satisfied++;
  else if (apdexClassIndex === 1) rollup.tolerating++;
  else rollup.frustrated++;
  if (!check.success) {
    rollup.failures++;
    return;
  }
  rollup.buckets[bucket] = (rollup.buckets[bucket] ?? 0) + 1;
  rollup.durationSum += check.durationMs;
  for (const [value, sum, count] of PHASE_COLUMNS) {
    const ms = check[value];
    if (ms === null) continue;
    rollup[sum] += ms;
    rollup[count]++;
  }
}

/**
 * Files one series' checks (a monitor on a prober) as the range wants them: summed into quarter-hour
 * rollups before `rawFrom`, raw records from it on (they bring their own rollups).
 */
function seriesFiler(
  monitor: DemoMonitor,
  proberId: number,
  rawFrom: number,
  into: Pick<DemoHistory, 'rollups' | 'raw'>,
): (check: DemoCheck) => void {
  const apdexSeconds = monitor.spec.apdexMs / 1000;
  let rollup: RollupRow | undefined;
  return (check) => {
    const classIndex = CLASS_INDEX[apdexClass(check.success, check.durationMs, apdexSeconds)];
    const bucket = bucketIndex(check.durationMs);
    if (check.time >= rawFrom) {
      into.raw.push({
        monitorId: monitor.id,
        proberId,
        ...check,
        extraInfo: {},
        apdexClass: classIndex as 0 | 1 | 2,
        bucket,
      });
      return;
    }
    const quarter = Math.floor(check.time / QUARTER) * QUARTER;
    if (rollup?.quarter !== quarter) {
      rollup = emptyRollup(monitor.id, proberId, quarter);
      into.rollups.push(rollup);
    }
    addToRollup(rollup, check, classIndex, bucket);
  };
}

/**
 * The demo's history of [from, to): rollups of the quarters before `rawFrom`, raw records from it on.
 * A heartbeat's records are its pings' and lateness's, filed under HEARTBEAT_PROBER_ID as the
 * heartbeats module files them; it has no probers and no entry in `last` (its state is its pings').
 */
export function buildHistory(
  monitors: readonly DemoMonitor[],
  probers: readonly DemoProber[],
  range: { from: number; to: number; rawFrom: number },
): DemoHistory {
  const history: DemoHistory = { rollups: [], raw: [], last: new Map() };
  for (const monitor of monitors) {
    if (isDemoHeartbeat(monitor.spec)) {
      const file = seriesFiler(monitor, HEARTBEAT_PROBER_ID, range.rawFrom, history);
      for (const check of heartbeatChecksIn(monitor.spec, range.from, range.to)) file(check);
      continue;
    }
    const incidents = incidentsIn(monitor.spec, range.from, range.to);
    const lastOfMonitor: NonNullable<ReturnType<DemoHistory['last']['get']>> = [];
    probers.forEach((prober, proberIndex) => {
      const file = seriesFiler(monitor, prober.id, range.rawFrom, history);
      let latest: DemoCheck | undefined;
      let failuresInRow = 0;
      let failingSince: number | null = null;
      forEachCheck(monitor.spec, prober.spec, proberIndex, { ...range, incidents }, (check) => {
        file(check);
        failuresInRow = check.success ? 0 : failuresInRow + 1;
        failingSince = check.success ? null : (failingSince ?? check.time);
        latest = check;
      });
      if (latest) lastOfMonitor.push({ proberId: prober.id, check: latest, failuresInRow, failingSince });
    });
    history.last.set(monitor.id, lastOfMonitor);
  }
  return history;
}
