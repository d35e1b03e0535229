import { maintenanceWindowList } from '@paydar/contracts/maintenance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const MAINTENANCE_PATH = '/api/v1/maintenance_windows';

/** Every maintenance query starts with this key, so a change can invalidate them all. */
export const maintenanceQueryKey = ['maintenance-windows'] as const;

export function getMaintenanceWindows(signal?: AbortSignal) {
  return api.get(MAINTENANCE_PATH, maintenanceWindowList, { signal });
}

export const maintenanceWindowsQueryOptions = () =>
  queryOptions({
    queryKey: [...maintenanceQueryKey, 'list'],
    queryFn: ({ signal }) => getMaintenanceWindows(signal),
    select: (page) => page.results,
    // `active_now` and the next occurrence move with the clock.
    refetchInterval: 60_000,
  });

/** The user's maintenance windows, newest first. */
export function useMaintenanceWindows() {
  return useQuery(maintenanceWindowsQueryOptions());
}
