import { pageOf } from '@paydar/contracts/common';
import { prober } from '@paydar/contracts/monitors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const probersPage = pageOf(prober);

export function getProbers(signal?: AbortSignal) {
  return api.get('/api/v1/probers/', probersPage, { signal });
}

export const probersQueryOptions = () =>
  queryOptions({
    queryKey: ['probers'],
    queryFn: ({ signal }) => getProbers(signal),
    staleTime: 5 * 60_000,
    select: (page) => page.results,
  });

export function useProbers(enabled = true) {
  return useQuery({ ...probersQueryOptions(), enabled });
}
