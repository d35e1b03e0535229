import { RAW_WINDOW_MAX_HOURS, type RawProbeRecord, rawMetrics } from '@paydar/contracts/metrics';
import { HOUR_MS } from '@paydar/domain/time';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { monitorsQueryKey } from './get-monitors';

export function getRawMetrics(id: number, from: number, to: number, signal?: AbortSignal) {
  const params = new URLSearchParams({ from_time: new Date(from).toISOString(), to_time: new Date(to).toISOString() });
  return api.get(`/api/v1/monitors/${id}/metric/raw?${params}`, rawMetrics, { signal });
}

/** The 6-hour windows that cover [from, to): the server answers at most one window per call (spec §7). */
export function rawWindows(from: number, to: number): Array<[number, number]> {
  const windows: Array<[number, number]> = [];
  for (let start = from; start < to; start += RAW_WINDOW_MAX_HOURS * HOUR_MS) {
    windows.push([start, Math.min(to, start + RAW_WINDOW_MAX_HOURS * HOUR_MS)]);
  }
  return windows;
}

/** Every raw record in [from, to), oldest first, fetched window by window in parallel. */
export async function getRawRange(id: number, from: number, to: number, signal?: AbortSignal) {
  const pages = await Promise.all(rawWindows(from, to).map(([start, end]) => getRawMetrics(id, start, end, signal)));
  return pages.flatMap((page) => page.result).sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
}

export const rawRangeQueryOptions = (id: number, from: number, to: number) =>
  queryOptions<RawProbeRecord[]>({
    queryKey: [...monitorsQueryKey, id, 'raw', from, to],
    queryFn: ({ signal }) => getRawRange(id, from, to, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The raw records of a range; off until `enabled` (the raw chart is opt-in). */
export function useRawRange(id: number, from: number, to: number, enabled: boolean) {
  return useQuery({ ...rawRangeQueryOptions(id, from, to), enabled });
}
