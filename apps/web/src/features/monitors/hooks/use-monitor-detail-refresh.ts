import type { Monitor } from '@paydar/contracts/monitors';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { getMetric, metricQueryKey } from '../api/get-metric';
import { getMonitor } from '../api/get-monitor';
import { monitorsQueryOptions } from '../api/get-monitors';

/** Puts a monitor fetched on its own into the cached list, so the list and the panel agree. */
function replaceInList(queryClient: QueryClient, fresh: Monitor) {
  queryClient.setQueryData(monitorsQueryOptions().queryKey, (page) =>
    page ? { ...page, results: page.results.map((item) => (item.id === fresh.id ? fresh : item)) } : page,
  );
}

/**
 * The same-day refresh of spec §4: today's figures without cache (`?cache=False`) and the monitor
 * itself, both written into the cache the panel and the list read. Failures stay silent (spec §8).
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
      if (monitor) replaceInList(queryClient, monitor);
    },
  });
}
