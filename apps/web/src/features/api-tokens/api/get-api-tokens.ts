import { apiTokenList } from '@paydar/contracts/api-tokens';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const API_TOKENS_PATH = '/api/v1/users/api_tokens';

export const apiTokensQueryKey = ['api-tokens'] as const;

export function getApiTokens(signal?: AbortSignal) {
  return api.get(API_TOKENS_PATH, apiTokenList, { signal });
}

export const apiTokensQueryOptions = () =>
  queryOptions({
    queryKey: apiTokensQueryKey,
    queryFn: ({ signal }) => getApiTokens(signal),
    select: (page) => page.results,
  });

/** The user's API tokens, newest first (never the secrets). */
export function useApiTokens() {
  return useQuery(apiTokensQueryOptions());
}
