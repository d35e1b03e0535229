import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getSession } from '@/lib/session-store';
import { getMetric, metricQueryKey } from '../api/get-metric';
import { monitorsQueryOptions } from '../api/get-monitors';

/** Spec §4 and §9: a new monitor is refreshed without cache 30 seconds after it is created. */
export const REFRESH_AFTER_CREATION_MS = 30_000;

/**
 * Pending refreshes by monitor id. They live at module level, not in the popup, because the popup
 * closes (and the dashboard may change route) the moment the monitor is created.
 */
const pending = new Map<number, ReturnType<typeof setTimeout>>();

async function refreshWithoutCache(queryClient: QueryClient, id: number): Promise<void> {
  try {
    const fresh = await getMetric(id, 'today', { fresh: true });
    queryClient.setQueryData(metricQueryKey(id, 'today'), fresh);
  } catch {
    // Metric fetches fail silently (spec §8): the screen keeps what it has.
  }
  // Only the list: invalidating every monitor query would refetch the metric just stored, cached.
  await queryClient.invalidateQueries({ queryKey: monitorsQueryOptions().queryKey, exact: true });
}

/**
 * Refreshes monitor `id` without cache after `delayMs`, into the metric cache, then reloads the
 * list. A second call for the same monitor replaces the first; a change of session in between
 * (logout, another account) drops it, so one user's refresh never lands in another's cache.
 */
export function scheduleRefreshAfterCreation(
  queryClient: QueryClient,
  id: number,
  delayMs: number = REFRESH_AFTER_CREATION_MS,
): void {
  clearTimeout(pending.get(id));
  const token = getSession().token;
  pending.set(
    id,
    setTimeout(() => {
      pending.delete(id);
      if (getSession().token !== token) return;
      void refreshWithoutCache(queryClient, id);
    }, delayMs),
  );
}

/** Drops every pending refresh (tests; nothing in the app needs it). */
export function cancelRefreshesAfterCreation(): void {
  for (const timer of pending.values()) clearTimeout(timer);
  pending.clear();
}

/** How many refreshes are waiting. */
export const pendingRefreshCount = () => pending.size;

/** `schedule(id)` for the popup, bound to the app's query client. */
export function useMonitorFormRefresh(): (id: number) => void {
  const queryClient = useQueryClient();
  return useCallback((id: number) => scheduleRefreshAfterCreation(queryClient, id), [queryClient]);
}
