import { HEARTBEAT_PROBER_ID } from '../heartbeats/heartbeat-verdict';
import type { HealthCounts } from '../probers/prober-health.repository';
import type { DemoHistory } from './demo-history';

const HOUR = 3_600_000;

/**
 * What each demo prober reports of its own health over a written range (issue 15: the tour shows
 * prober health too): per prober and UTC hour, the checks it made — the range's rollups, and its
 * raw records, which bring their own rollups — and none failed through the prober's own fault (the
 * demo's failures are all the targets'). Pure: the writer adds these to `prober_health_hours`.
 */
export function demoProberHealth(
  history: Pick<DemoHistory, 'rollups' | 'raw'>,
): Map<number, Map<number, HealthCounts>> {
  const byProber = new Map<number, Map<number, HealthCounts>>();
  const add = (proberId: number, hour: number, checks: number) => {
    const hours = byProber.get(proberId) ?? new Map<number, HealthCounts>();
    byProber.set(proberId, hours);
    const counts = hours.get(hour) ?? { checks: 0, proberFailures: 0 };
    counts.checks += checks;
    hours.set(hour, counts);
  };
  // A heartbeat's pings (HEARTBEAT_PROBER_ID) are no prober's work.
  for (const row of history.rollups)
    if (row.proberId !== HEARTBEAT_PROBER_ID) add(row.proberId, Math.floor(row.quarter / HOUR) * HOUR, row.checks);
  for (const record of history.raw)
    if (record.proberId !== HEARTBEAT_PROBER_ID) add(record.proberId, Math.floor(record.time / HOUR) * HOUR, 1);
  return byProber;
}
