import { metric } from '@paydar/contracts/metrics';
import { formatDayParam } from '@paydar/domain/history';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { currentTimeSettings } from '@/lib/time-settings';
import { useEnabledUnlessRemoved } from './get-monitor';
import { monitorsQueryKey } from './get-monitors';

/** Which figures: today's, or a past day's (its date, named by its 00:00 UTC) — both the reader's local days. */
export type MetricDay = 'today' | number;

/**
 * The parameters naming a day: a past day's date, and the reader's zone (issue 15) — the server cuts
 * today and any chosen day in it (the profile's zone; on a shared page without a session, the browser's).
 */
export function dayParams(day: MetricDay, options: { fresh?: boolean } = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (day !== 'today') params.set('day', formatDayParam(day));
  if (options.fresh) params.set('cache', 'False');
  params.set('time_zone', currentTimeSettings().timeZone);
  return params;
}

export function getMetric(id: number, day: MetricDay, options: { fresh?: boolean; signal?: AbortSignal } = {}) {
  const params = dayParams(day, options);
  return api.get(`/api/v1/monitors/${id}/metric?${params}`, metric, { signal: options.signal });
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

/** The figures of `id` for `day`; nothing is asked while `id` is undefined or the monitor is known removed. */
export function useMetric(id: number | undefined, day: MetricDay = 'today') {
  return useQuery({ ...metricQueryOptions(id ?? 0, day), enabled: useEnabledUnlessRemoved(id) });
}
