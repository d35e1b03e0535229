import { metricTrends } from '@paydar/contracts/metric-trends';
import { SHARE_TOKEN_LENGTH } from '@paydar/contracts/metrics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dayParams, type MetricDay } from './get-metric';
import { useEnabledUnlessRemoved } from './get-monitor';
import { monitorsQueryKey } from './get-monitors';

/** A shared link: the organization (or 'symlink') and the token. */
export type SharedLink = { prefix: string; token: string };

/**
 * Uptime over 7/30/90 days and the p50/p95 series of a day: the owner's call, or on a shared view
 * the public one (no session; only the token's first 36 characters count).
 */
export function getMetricTrends(
  id: number,
  day: MetricDay,
  options: { signal?: AbortSignal; shared?: SharedLink } = {},
) {
  // The reader's day, today up to now (issue 15): the server cuts it in their zone, as for the metric.
  const query = `?${dayParams(day)}`;
  const { shared, signal } = options;
  if (!shared) return api.get(`/api/v1/monitors/${id}/metric/trends${query}`, metricTrends, { signal });
  const token = encodeURIComponent(shared.token.slice(0, SHARE_TOKEN_LENGTH));
  const path = `/api/v1/monitors/${encodeURIComponent(shared.prefix)}/${token}/metric/trends${query}`;
  return api.get(path, metricTrends, { signal, token: null });
}

// Under the monitor's key, so whatever refreshes or removes the monitor's metric does the same here.
export const metricTrendsQueryKey = (id: number, day: MetricDay) => [...monitorsQueryKey, id, 'trends', day] as const;

export const metricTrendsQueryOptions = (id: number, day: MetricDay, shared?: SharedLink) =>
  queryOptions({
    queryKey: shared
      ? (['shared-monitor', shared.prefix, shared.token.slice(0, SHARE_TOKEN_LENGTH), 'trends', day] as const)
      : metricTrendsQueryKey(id, day),
    queryFn: ({ signal }) => getMetricTrends(id, day, { signal, shared }),
    staleTime: day === 'today' ? 60_000 : Number.POSITIVE_INFINITY,
    retry: 1,
  });

/** The trends of `id` for `day`; nothing is asked once the owner's monitor is known removed. */
export function useMetricTrends(id: number, day: MetricDay, shared?: SharedLink) {
  // A shared link's visitor never removes the monitor: only the owner's removal stops the trends.
  const unlessRemoved = useEnabledUnlessRemoved(id);
  return useQuery({ ...metricTrendsQueryOptions(id, day, shared), enabled: shared ? true : unlessRemoved });
}
