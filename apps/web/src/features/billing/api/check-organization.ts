import { checkOrganizationResponse } from '@paydar/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function checkOrganization(signal?: AbortSignal) {
  return api.get('/api/v1/users/check_organization', checkOrganizationResponse, { signal });
}

export const checkOrganizationQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'check-organization'],
    queryFn: ({ signal }) => checkOrganization(signal),
    // Linking happens in the console, outside this app: ask again each time the option is chosen.
    staleTime: 0,
    retry: false,
  });

/** Whether the account is linked to an organization in the hosting console (spec §6). */
export function useCheckOrganization(enabled: boolean) {
  return useQuery({ ...checkOrganizationQueryOptions(), enabled });
}
