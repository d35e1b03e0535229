import { monitor } from '@paydar/contracts/monitors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { monitorsQueryKey } from './get-monitors';

/** One whole monitor (headers, body, alert channels, token …): what the detail and the edit form read. */
export function getMonitor(id: number, signal?: AbortSignal) {
  return api.get(`/api/v1/monitors/${id}/`, monitor, { signal });
}

/** Under the monitors key, so what invalidates the list invalidates it too, and removing a monitor drops it. */
export const monitorQueryKey = (id: number) => [...monitorsQueryKey, id, 'one'] as const;

export const monitorQueryOptions = (id: number) =>
  queryOptions({ queryKey: monitorQueryKey(id), queryFn: ({ signal }) => getMonitor(id, signal) });

/** Where a monitor known to be removed was removed: here (its DELETE answered) or elsewhere (the live stream). */
export type MonitorRemoval = 'here' | 'elsewhere';

/**
 * Set when a monitor is known to be removed (forget-removed-monitor.ts): outside the monitors key,
 * so dropping the monitor's queries keeps it, and nothing asks for the monitor again only to get a 404.
 */
export const removedMonitorKey = (id: number) => ['removed-monitor', id] as const;

/**
 * Set while this tab's DELETE of the monitor is on its way (delete-monitor.ts): its figures and
 * detail ask nothing meanwhile (a stale refetch then raced the removal and got a 404), and ask
 * again as before if the removal fails.
 */
export const removingMonitorKey = (id: number) => ['removing-monitor', id] as const;

/** Where the monitor `id` was removed, or null while it is not known to be. */
export function useMonitorRemoval(id: number | undefined): MonitorRemoval | null {
  const removed = useQuery<MonitorRemoval | null>({
    queryKey: removedMonitorKey(id ?? 0),
    queryFn: () => null,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return id === undefined ? null : (removed.data ?? null);
}

/** Whether the monitor `id` is known to be removed. */
export function useMonitorRemoved(id: number | undefined): boolean {
  const removing = useQuery<boolean>({
    queryKey: removingMonitorKey(id ?? 0),
    queryFn: () => false,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return useMonitorRemoval(id) !== null || (id !== undefined && removing.data === true);
}

/** The whole monitor `id`; nothing is asked while `id` is undefined, `enabled` is false, or it is known removed. */
export function useMonitor(id: number | undefined, enabled = true) {
  const removed = useMonitorRemoved(id);
  return useQuery({ ...monitorQueryOptions(id ?? 0), enabled: enabled && id !== undefined && !removed });
}
