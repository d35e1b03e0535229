import { incidentList } from '@paydar/contracts/status-page-incidents';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { STATUS_PAGES_PATH, statusPagesQueryKey } from './get-status-pages';

export const incidentsPath = (pageId: number) => `${STATUS_PAGES_PATH}/${pageId}/incidents/`;

/** Every incident query of a page starts with this key. */
export const incidentsQueryKey = (pageId: number) => [...statusPagesQueryKey, pageId, 'incidents'] as const;

/** Incidents per page of the owner's list. */
export const INCIDENTS_PAGE_SIZE = 20;

/** One page (from 1): the API pages by limit and offset (a `page` parameter it would ignore). */
export function getIncidents(pageId: number, page: number, signal?: AbortSignal) {
  const offset = (page - 1) * INCIDENTS_PAGE_SIZE;
  return api.get(`${incidentsPath(pageId)}?limit=${INCIDENTS_PAGE_SIZE}&offset=${offset}`, incidentList, { signal });
}

export const incidentsQueryOptions = (pageId: number, page: number) =>
  queryOptions({
    queryKey: [...incidentsQueryKey(pageId), page],
    queryFn: ({ signal }) => getIncidents(pageId, page, signal),
    placeholderData: keepPreviousData,
  });

/** One page (of the API's pages) of a status page's incidents, newest first. */
export function useIncidents(pageId: number, page: number) {
  return useQuery(incidentsQueryOptions(pageId, page));
}
