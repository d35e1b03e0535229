import { type CreateApiTokenInput, createdApiToken } from '@paydar/contracts/api-tokens';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { API_TOKENS_PATH, apiTokensQueryKey } from './get-api-tokens';

/** POST: the answer holds the token itself, the only time it is ever sent. */
export function createApiToken(input: CreateApiTokenInput) {
  return api.post(API_TOKENS_PATH, input, createdApiToken);
}

export function useCreateApiToken(config: MutationConfig<typeof createApiToken> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createApiToken,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: apiTokensQueryKey });
      await config.onSuccess?.(...args);
    },
  });
}
