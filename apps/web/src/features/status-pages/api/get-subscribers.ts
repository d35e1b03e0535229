import { type SubscriberState, statusPageSubscriberList } from '@paydar/contracts/status-page-subscribers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { STATUS_PAGES_PATH, statusPagesQueryKey } from './get-status-pages';

/** Rows of the subscriber list per page. */
export const SUBSCRIBERS_PAGE_SIZE = 20;

export type SubscriberFilters = { search?: string; state?: SubscriberState };

export const subscribersPath = (pageId: number) => `${STATUS_PAGES_PATH}/${pageId}/subscribers/`;
/** Every page and filter of a page's subscribers starts with this key: a removal invalidates them all. */
export const subscribersQueryKey = (pageId: number) => [...statusPagesQueryKey, pageId, 'subscribers'] as const;

/** One page (from 1) of a status page's subscribers, newest first, by search and state. */
export function getSubscribers(pageId: number, page: number, filters: SubscriberFilters, signal?: AbortSignal) {
  const params = new URLSearchParams({
    limit: String(SUBSCRIBERS_PAGE_SIZE),
    offset: String((page - 1) * SUBSCRIBERS_PAGE_SIZE),
  });
  if (filters.search) params.set('search', filters.search);
  if (filters.state) params.set('state', filters.state);
  return api.get(`${subscribersPath(pageId)}?${params}`, statusPageSubscriberList, { signal });
}

export const subscribersQueryOptions = (pageId: number, page: number, filters: SubscriberFilters) =>
  queryOptions({
    queryKey: [...subscribersQueryKey(pageId), page, filters.search ?? '', filters.state ?? 'all'],
    queryFn: ({ signal }) => getSubscribers(pageId, page, filters, signal),
    // The last page stays on screen while the next one (or the next search) loads.
    placeholderData: keepPreviousData,
  });

export function useSubscribers(pageId: number, page: number, filters: SubscriberFilters) {
  return useQuery(subscribersQueryOptions(pageId, page, filters));
}
