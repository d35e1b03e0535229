import { pageOf } from '@paydar/contracts/common';
import { NOTIFICATION_HISTORY_PAGE_SIZE, notificationHistoryItem } from '@paydar/contracts/notifications';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const historyPage = pageOf(notificationHistoryItem);

export const notificationHistoryQueryKey = ['notification-history'] as const;

/** One page (from 1) of the alerts sent to the user's channels, newest first, 10 a page (spec §9). */
export function getNotificationHistory(page: number, signal?: AbortSignal) {
  const offset = (page - 1) * NOTIFICATION_HISTORY_PAGE_SIZE;
  return api.get(
    `/api/v1/notification_history/?limit=${NOTIFICATION_HISTORY_PAGE_SIZE}&offset=${offset}`,
    historyPage,
    { signal },
  );
}

export const notificationHistoryQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...notificationHistoryQueryKey, page],
    queryFn: ({ signal }) => getNotificationHistory(page, signal),
    // The last page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export function useNotificationHistory(page: number) {
  return useQuery(notificationHistoryQueryOptions(page));
}
