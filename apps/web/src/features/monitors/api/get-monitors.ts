import { pageOf } from '@paydar/contracts/common';
import { type Monitor, monitor } from '@paydar/contracts/monitors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const monitorsPage = pageOf(monitor);

/** Every monitor query starts with this key, so a change can invalidate them all. */
export const monitorsQueryKey = ['monitors'] as const;

export function getMonitors(signal?: AbortSignal) {
  return api.get('/api/v1/monitors/', monitorsPage, { signal });
}

/** Newest first (spec §3), whatever order the answer came in. */
export function sortNewestFirst(monitors: readonly Monitor[]): Monitor[] {
  return [...monitors].sort((a, b) => Date.parse(b.creation_time) - Date.parse(a.creation_time) || b.id - a.id);
}

export const monitorsQueryOptions = () =>
  queryOptions({
    queryKey: [...monitorsQueryKey, 'list'],
    queryFn: ({ signal }) => getMonitors(signal),
    select: (page) => sortNewestFirst(page.results),
  });

/** The user's monitors, newest first; only verified users load them (spec §4). */
export function useMonitors(enabled: boolean) {
  return useQuery({ ...monitorsQueryOptions(), enabled });
}
