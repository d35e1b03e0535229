import { apdexClass } from '@paydar/domain/apdex';
import { bucketIndex } from '@paydar/domain/buckets';
import type { ProbeRecordInput } from '../ingest/probe-records.repository';
import type { DemoMonitorSpec, DemoProberSpec } from './demo.catalogue';
import { type DemoCheck, forEachCheck, incidentsIn } from './demo-checks';

/**
 * The demo's checks over a range turned into what the database keeps: hourly rollups for the whole
 * range (summed here, so 90 days are some 40,000 rows rather than two million records) and raw
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

/** One hourly_rollups row, as its columns. */
export interface RollupRow {
  monitorId: number;
  proberId: number;
  hour: number;
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
  /** Hours before `rawFrom` only: the records from `rawFrom` on bring their own rollups (insertProbeRecords). */
  rollups: RollupRow[];
  raw: ProbeRecordInput[];
  /** The last check of each monitor on each prober in the range. */
  last: Map<number, Array<{ proberId: number; check: DemoCheck; failuresInRow: number; failingSince: number | null }>>;
}

const HOUR = 3_600_000;
/** Each nullable phase of a check and the rollup columns it adds to. */
const PHASE_COLUMNS = [
  ['resolveMs', 'resolveSum', 'resolveCount'],
  ['connectMs', 'connectSum', 'connectCount'],
  ['tlsMs', 'tlsSum', 'tlsCount'],
  ['responseMs', 'responseSum', 'responseCount'],
] as const;
const CLASS_INDEX = { satisfied: 0, tolerating: 1, frustrated: 2 } as const;

function emptyRollup(monitorId: number, proberId: number, hour: number): RollupRow {
  return {
    monitorId,
    proberId,
    hour,
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

/** The demo's history of [from, to): rollups of the hours before `rawFrom`, raw records from it on. */
export function buildHistory(
  monitors: readonly DemoMonitor[],
  probers: readonly DemoProber[],
  range: { from: number; to: number; rawFrom: number },
): DemoHistory {
  const rollups: RollupRow[] = [];
  const raw: ProbeRecordInput[] = [];
  const last: DemoHistory['last'] = new Map();
  for (const monitor of monitors) {
    const incidents = incidentsIn(monitor.spec, range.from, range.to);
    const apdexSeconds = monitor.spec.apdexMs / 1000;
    const lastOfMonitor: NonNullable<ReturnType<DemoHistory['last']['get']>> = [];
    probers.forEach((prober, proberIndex) => {
      let rollup: RollupRow | undefined;
      let latest: DemoCheck | undefined;
      let failuresInRow = 0;
      let failingSince: number | null = null;
      forEachCheck(monitor.spec, prober.spec, proberIndex, { ...range, incidents }, (check) => {
        const classIndex = CLASS_INDEX[apdexClass(check.success, check.durationMs, apdexSeconds)];
        const bucket = bucketIndex(check.durationMs);
        if (check.time >= range.rawFrom) {
          raw.push({
            monitorId: monitor.id,
            proberId: prober.id,
            ...check,
            extraInfo: {},
            apdexClass: classIndex as 0 | 1 | 2,
            bucket,
          });
        } else {
          const hour = Math.floor(check.time / HOUR) * HOUR;
          if (rollup?.hour !== hour) {
            rollup = emptyRollup(monitor.id, prober.id, hour);
            rollups.push(rollup);
          }
          addToRollup(rollup, check, classIndex, bucket);
        }
        failuresInRow = check.success ? 0 : failuresInRow + 1;
        failingSince = check.success ? null : (failingSince ?? check.time);
        latest = check;
      });
      if (latest) lastOfMonitor.push({ proberId: prober.id, check: latest, failuresInRow, failingSince });
    });
    last.set(monitor.id, lastOfMonitor);
  }
  return { rollups, raw, last };
}
