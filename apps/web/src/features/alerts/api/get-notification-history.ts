import type { AlertKind } from '@paydar/contracts/alert-events';
import { pageOf } from '@paydar/contracts/common';
import { NOTIFICATION_HISTORY_PAGE_SIZE, notificationHistoryItem } from '@paydar/contracts/notifications';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const historyPage = pageOf(notificationHistoryItem);

export const notificationHistoryQueryKey = ['notification-history'] as const;

/** What the history is narrowed to: one monitor, one kind of alert, or neither. */
export type HistoryFilters = { monitorId?: number; kind?: AlertKind };

/** One page (from 1) of the alerts sent to the user's channels, newest first, 10 a page (spec §9). */
export function getNotificationHistory(page: number, filters: HistoryFilters = {}, signal?: AbortSignal) {
  const params = new URLSearchParams({
    limit: String(NOTIFICATION_HISTORY_PAGE_SIZE),
    offset: String((page - 1) * NOTIFICATION_HISTORY_PAGE_SIZE),
  });
  if (filters.monitorId !== undefined) params.set('monitor_id', String(filters.monitorId));
  if (filters.kind !== undefined) params.set('kind', filters.kind);
  return api.get(`/api/v1/notification_history/?${params}`, historyPage, { signal });
}

export const notificationHistoryQueryOptions = (page: number, filters: HistoryFilters = {}) =>
  queryOptions({
    queryKey: [...notificationHistoryQueryKey, page, filters.monitorId ?? null, filters.kind ?? null],
    queryFn: ({ signal }) => getNotificationHistory(page, filters, signal),
    // The last page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export function useNotificationHistory(page: number, filters: HistoryFilters = {}) {
  return useQuery(notificationHistoryQueryOptions(page, filters));
}
