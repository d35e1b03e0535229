import { monitor } from '@paydar/contracts/monitors';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** A mark kept in the query cache by hand (setQueryData): read, never fetched; undefined until set. */
function useMark<T>(queryKey: readonly unknown[]): T | undefined {
  return (
    useQuery<T | null>({ queryKey, queryFn: () => null, enabled: false, staleTime: Number.POSITIVE_INFINITY }).data ??
    undefined
  );
}

/** Where the monitor `id` was removed, or null while it is not known to be. */
export function useMonitorRemoval(id: number | undefined): MonitorRemoval | null {
  const removed = useMark<MonitorRemoval>(removedMonitorKey(id ?? 0));
  return id === undefined ? null : (removed ?? null);
}

/** Whether the monitor `id` is known to be removed, or this tab's removal of it is on its way. */
export function useMonitorRemoved(id: number | undefined): boolean {
  const removing = useMark<boolean>(removingMonitorKey(id ?? 0));
  return useMonitorRemoval(id) !== null || (id !== undefined && removing === true);
}

/** Whether the cache marks the monitor `id` removed, or its removal on its way, at this moment. */
function isMarkedRemovedNow(queryClient: QueryClient, id: number): boolean {
  return (
    queryClient.getQueryData(removedMonitorKey(id)) != null || queryClient.getQueryData(removingMonitorKey(id)) === true
  );
}

/**
 * `enabled` for a query of the monitor `id`: false while `id` is undefined, `enabled` is false, or
 * the monitor is known removed or being removed. A function, so the query reads the marks when a
 * fetch would start, not as of the last render: a word from the live stream arriving between the
 * DELETE's start and the next render refetched the monitor's figures (busy whole-suite run).
 */
export function useEnabledUnlessRemoved(id: number | undefined, enabled = true): () => boolean {
  const queryClient = useQueryClient();
  // Read here too, so the component renders again when a mark is set or dropped.
  const removed = useMonitorRemoved(id);
  return () => enabled && id !== undefined && !removed && !isMarkedRemovedNow(queryClient, id);
}

/** The whole monitor `id`; nothing is asked while `id` is undefined, `enabled` is false, or it is known removed. */
export function useMonitor(id: number | undefined, enabled = true) {
  return useQuery({ ...monitorQueryOptions(id ?? 0), enabled: useEnabledUnlessRemoved(id, enabled) });
}
