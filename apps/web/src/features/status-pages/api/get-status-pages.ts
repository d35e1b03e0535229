import { statusPageList } from '@paydar/contracts/status-pages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const STATUS_PAGES_PATH = '/api/v1/status_pages';

/** Every status-page query starts with this key, so a change can invalidate them all. */
export const statusPagesQueryKey = ['status-pages'] as const;

export function getStatusPages(signal?: AbortSignal) {
  return api.get(`${STATUS_PAGES_PATH}/`, statusPageList, { signal });
}

export const statusPagesQueryOptions = () =>
  queryOptions({
    queryKey: [...statusPagesQueryKey, 'list'],
    queryFn: ({ signal }) => getStatusPages(signal),
    select: (page) => page.results,
  });

/** The user's status pages (all of them: a plan allows a few dozen at most). */
export function useStatusPages(enabled = true) {
  return useQuery({ ...statusPagesQueryOptions(), enabled });
}
