import { SHARE_TOKEN_LENGTH, sharedMonitor } from '@paydar/contracts/metrics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dayParams, type MetricDay } from './get-metric';

/** A shared link's monitor with today's figures: no session needed. */
export function getShareInfo(token: string, signal?: AbortSignal) {
  const path = `/api/v1/monitors/${encodeURIComponent(token)}/share_info?${dayParams('today')}`;
  return api.get(path, sharedMonitor, { signal, token: null });
}

/** A shared monitor's figures for a day; only the first 36 characters of the token count. */
export function getSharedMetric(prefix: string, token: string, day: MetricDay, signal?: AbortSignal) {
  // Days are the visitor's (issue 15): their profile's zone when signed in, else the browser's.
  const query = `?${dayParams(day)}`;
  const path = `/api/v1/monitors/${encodeURIComponent(prefix)}/${encodeURIComponent(token.slice(0, SHARE_TOKEN_LENGTH))}/metric${query}`;
  return api.get(path, sharedMonitor, { signal, token: null });
}

export const sharedMonitorQueryOptions = (prefix: string, token: string, day: MetricDay) =>
  queryOptions({
    queryKey: ['shared-monitor', prefix, token.slice(0, SHARE_TOKEN_LENGTH), day],
    queryFn: ({ signal }) =>
      day === 'today' && prefix === 'symlink'
        ? getShareInfo(token, signal)
        : getSharedMetric(prefix, token, day, signal),
    retry: false,
  });

export function useSharedMonitor(prefix: string, token: string, day: MetricDay = 'today') {
  return useQuery(sharedMonitorQueryOptions(prefix, token, day));
}
