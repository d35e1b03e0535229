import { statusPage } from '@paydar/contracts/status-pages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { STATUS_PAGES_PATH, statusPagesQueryKey } from './get-status-pages';

export function getStatusPage(id: number, signal?: AbortSignal) {
  return api.get(`${STATUS_PAGES_PATH}/${id}/`, statusPage, { signal });
}

export const statusPageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...statusPagesQueryKey, id, 'one'],
    queryFn: ({ signal }) => getStatusPage(id, signal),
  });

/** One page as its owner edits it; off while `id` is unknown (a new page). */
export function useStatusPage(id: number | null) {
  return useQuery({ ...statusPageQueryOptions(id ?? 0), enabled: id !== null });
}
