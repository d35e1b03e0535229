import type { Metric, PublicMonitor } from '@paydar/contracts/metrics';
import { useQuery } from '@tanstack/react-query';
import { type MetricDay, useMetric } from '../api/get-metric';
import { sharedMonitorQueryOptions } from '../api/get-shared-monitor';

export type MonitorDetailSource = {
  /** The day's figures; undefined while loading or after a failure. */
  metric: Metric | undefined;
  isPending: boolean;
  /** The call's failure: its message is the server's text (a shared past day beyond the owner's plan…). */
  error: Error | null;
};

/**
 * The figures the detail panel shows for a day: the owner's metric call, or on a shared view the
 * public call (no session; the server applies the owner's plan). Exactly one of the two runs.
 */
export function useMonitorDetailData(
  monitor: Pick<PublicMonitor, 'id'>,
  shared: { prefix: string; token: string } | undefined,
  day: MetricDay,
): MonitorDetailSource {
  const own = useMetric(shared ? undefined : monitor.id, day);
  const sharedQuery = useQuery({
    ...sharedMonitorQueryOptions(shared?.prefix ?? '', shared?.token ?? '', day),
    enabled: shared !== undefined,
  });
  if (shared) {
    return { metric: sharedQuery.data?.metric, isPending: sharedQuery.isPending, error: sharedQuery.error };
  }
  return { metric: own.data, isPending: own.isPending, error: own.error };
}
