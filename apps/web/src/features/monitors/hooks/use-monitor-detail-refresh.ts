import { summaryOf } from '@paydar/contracts/monitor-summary';
import type { Monitor } from '@paydar/contracts/monitors';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { getMetric, metricQueryKey } from '../api/get-metric';
import { metricTrendsQueryKey } from '../api/get-metric-trends';
import { getMonitor, monitorQueryKey } from '../api/get-monitor';
import { monitorsQueryOptions } from '../api/get-monitors';

/** Puts a monitor fetched on its own into its cache and, as a summary, into the cached list, so the two agree. */
function storeFresh(queryClient: QueryClient, fresh: Monitor) {
  queryClient.setQueryData(monitorQueryKey(fresh.id), fresh);
  const summary = summaryOf(fresh);
  queryClient.setQueryData(monitorsQueryOptions().queryKey, (page) =>
    page ? { ...page, results: page.results.map((item) => (item.id === fresh.id ? summary : item)) } : page,
  );
}

/**
 * The same-day refresh of spec §4: today's figures without cache (`?cache=False`) and the monitor
 * itself, written into the caches the panel and the list read. Failures stay silent (spec §8).
 */
export function useMonitorDetailRefresh(monitorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const [metric, monitor] = await Promise.all([
        getMetric(monitorId, 'today', { fresh: true }),
        getMonitor(monitorId).catch(() => null),
      ]);
      queryClient.setQueryData(metricQueryKey(monitorId, 'today'), metric);
      // The 7/30/90-day uptime and the p50/p95 series move with the same checks.
      void queryClient.invalidateQueries({ queryKey: metricTrendsQueryKey(monitorId, 'today') });
      if (monitor) storeFresh(queryClient, monitor);
    },
  });
}
