import { metric } from '@paydar/contracts/metrics';
import { formatDayParam } from '@paydar/domain/history';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { currentTimeSettings } from '@/lib/time-settings';
import { monitorsQueryKey } from './get-monitors';

/** Which figures: today's (the reader's local day), or a past UTC day's (epoch ms of its start). */
export type MetricDay = 'today' | number;

export function getMetric(id: number, day: MetricDay, options: { fresh?: boolean; signal?: AbortSignal } = {}) {
  const params = new URLSearchParams();
  if (day !== 'today') params.set('day', formatDayParam(day));
  if (options.fresh) params.set('cache', 'False');
  // Today is the reader's day (issue 15): the server cuts it in the profile's zone.
  if (day === 'today') params.set('time_zone', currentTimeSettings().timeZone);
  const query = params.size ? `?${params}` : '';
  return api.get(`/api/v1/monitors/${id}/metric${query}`, metric, { signal: options.signal });
}

export const metricQueryKey = (id: number, day: MetricDay) => [...monitorsQueryKey, id, 'metric', day] as const;

export const metricQueryOptions = (id: number, day: MetricDay) =>
  queryOptions({
    queryKey: metricQueryKey(id, day),
    queryFn: ({ signal }) => getMetric(id, day, { signal }),
    // A past day does not change; today's figures move with every check.
    staleTime: day === 'today' ? 30_000 : Number.POSITIVE_INFINITY,
    // Failures stay silent (spec §8): the screen shows what it has.
    retry: 1,
  });

export function useMetric(id: number | undefined, day: MetricDay = 'today') {
  return useQuery({ ...metricQueryOptions(id ?? 0, day), enabled: id !== undefined });
}
