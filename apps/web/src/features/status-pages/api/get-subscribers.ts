import { statusPageSubscriberList } from '@paydar/contracts/status-page-subscribers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { STATUS_PAGES_PATH, statusPagesQueryKey } from './get-status-pages';

export const subscribersPath = (pageId: number) => `${STATUS_PAGES_PATH}/${pageId}/subscribers/`;
export const subscribersQueryKey = (pageId: number) => [...statusPagesQueryKey, pageId, 'subscribers'] as const;

export function getSubscribers(pageId: number, signal?: AbortSignal) {
  return api.get(subscribersPath(pageId), statusPageSubscriberList, { signal });
}

export const subscribersQueryOptions = (pageId: number) =>
  queryOptions({ queryKey: subscribersQueryKey(pageId), queryFn: ({ signal }) => getSubscribers(pageId, signal) });

/** A page's subscribers (the first page of the API's list, with the total count). */
export function useSubscribers(pageId: number) {
  return useQuery(subscribersQueryOptions(pageId));
}
