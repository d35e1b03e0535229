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

/** The whole monitor `id`; nothing is asked while `id` is undefined or `enabled` is false. */
export function useMonitor(id: number | undefined, enabled = true) {
  return useQuery({ ...monitorQueryOptions(id ?? 0), enabled: enabled && id !== undefined });
}
