import { metricTrends } from '@paydar/contracts/metric-trends';
import { formatDayParam } from '@paydar/domain/history';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MetricDay } from './get-metric';
import { monitorsQueryKey } from './get-monitors';

/** Uptime over 7/30/90 days and the p50/p95 series of a day (the owner's call; shared views have none). */
export function getMetricTrends(id: number, day: MetricDay, options: { signal?: AbortSignal } = {}) {
  const query = day === 'today' ? '' : `?day=${formatDayParam(day)}`;
  return api.get(`/api/v1/monitors/${id}/metric/trends${query}`, metricTrends, { signal: options.signal });
}

// Under the monitor's key, so whatever refreshes or removes the monitor's metric does the same here.
export const metricTrendsQueryKey = (id: number, day: MetricDay) => [...monitorsQueryKey, id, 'trends', day] as const;

export const metricTrendsQueryOptions = (id: number, day: MetricDay) =>
  queryOptions({
    queryKey: metricTrendsQueryKey(id, day),
    queryFn: ({ signal }) => getMetricTrends(id, day, { signal }),
    staleTime: day === 'today' ? 60_000 : Number.POSITIVE_INFINITY,
    retry: 1,
  });

export function useMetricTrends(id: number | undefined, day: MetricDay = 'today') {
  return useQuery({ ...metricTrendsQueryOptions(id ?? 0, day), enabled: id !== undefined });
}
