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
  for (const row of history.rollups) add(row.proberId, row.hour, row.checks);
  for (const record of history.raw) add(record.proberId, Math.floor(record.time / HOUR) * HOUR, 1);
  return byProber;
}
