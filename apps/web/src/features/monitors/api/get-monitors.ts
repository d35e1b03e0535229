import { pageOf } from '@paydar/contracts/common';
import { monitorSummary } from '@paydar/contracts/monitor-summary';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const monitorsPage = pageOf(monitorSummary);

/** Every monitor query starts with this key, so a change can invalidate them all. */
export const monitorsQueryKey = ['monitors'] as const;

/** The list's items (MonitorSummary), newest first as the server orders them (spec §3). */
export function getMonitors(signal?: AbortSignal) {
  return api.get('/api/v1/monitors/', monitorsPage, { signal });
}

export const monitorsQueryOptions = () =>
  queryOptions({
    queryKey: [...monitorsQueryKey, 'list'],
    queryFn: ({ signal }) => getMonitors(signal),
    select: (page) => page.results,
  });

/** The user's monitors as the list shows them, newest first; only verified users load them (spec §4). */
export function useMonitors(enabled: boolean) {
  return useQuery({ ...monitorsQueryOptions(), enabled });
}
