import { successBody } from '@paydar/contracts/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { API_TOKENS_PATH, apiTokensQueryKey } from './get-api-tokens';

/** DELETE: the token stops working at once. */
export function revokeApiToken(id: number) {
  return api.delete(`${API_TOKENS_PATH}/${id}`, successBody);
}

export function useRevokeApiToken(config: MutationConfig<typeof revokeApiToken> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: revokeApiToken,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: apiTokensQueryKey });
      await config.onSuccess?.(...args);
    },
  });
}
