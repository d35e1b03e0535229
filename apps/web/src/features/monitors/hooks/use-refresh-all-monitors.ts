import { type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { getMetric } from '../api/get-metric';
import { monitorsQueryKey, monitorsQueryOptions } from '../api/get-monitors';

/** A today's-metric query: ['monitors', id, 'metric', 'today'] (see metricQueryKey). */
function isTodayMetric(query: Query): boolean {
  const [, id, kind, day] = query.queryKey;
  return typeof id === 'number' && kind === 'metric' && day === 'today';
}

/** A whole monitor's query (the detail's, the edit form's): ['monitors', id, 'one'] (see monitorQueryKey). */
function isWholeMonitor(query: Query): boolean {
  const [, id, kind] = query.queryKey;
  return typeof id === 'number' && kind === 'one';
}

/**
 * "Refresh All Monitors" (spec §2): reloads the list, fetches without cache the figures of every
 * monitor on screen that has figures already, and marks the rest stale so they load fresh when
 * next shown; the whole monitor the detail shows is read again too, so it agrees with the list.
 * Only what is on screen is fetched at once: with a thousand monitors the cache may hold hundreds
 * of figures, and asking for them all would cost the server for nothing seen.
 */
export async function refreshAllMonitors(queryClient: QueryClient): Promise<void> {
  const metrics = queryClient.getQueryCache().findAll({ queryKey: monitorsQueryKey, predicate: isTodayMetric });
  const shown = new Set(metrics.filter((query) => query.state.data !== undefined && query.getObserversCount() > 0));
  await Promise.all([
    queryClient.refetchQueries({ queryKey: monitorsQueryOptions().queryKey, exact: true }),
    ...[...shown].map(async (query) => {
      try {
        const fresh = await getMetric(query.queryKey[1] as number, 'today', { fresh: true });
        queryClient.setQueryData(query.queryKey, fresh);
      } catch {
        // Metric fetches fail silently (spec §8): the item keeps what it has.
      }
    }),
    queryClient.invalidateQueries({
      queryKey: monitorsQueryKey,
      predicate: (query) => (isTodayMetric(query) && !shown.has(query)) || isWholeMonitor(query),
    }),
  ]);
}

/** The Refresh All button's action, and whether it is running (its spinner). */
export function useRefreshAllMonitors() {
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await refreshAllMonitors(queryClient);
    } finally {
      setRefreshing(false);
    }
  }, [queryClient]);
  return { refresh, refreshing };
}
