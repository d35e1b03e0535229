import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { subscribersPath, subscribersQueryKey } from './get-subscribers';

export function deleteSubscriber({ pageId, subscriberId }: { pageId: number; subscriberId: number }) {
  return api.delete(`${subscribersPath(pageId)}${subscriberId}/`, z.unknown());
}

export function useDeleteSubscriber(config: MutationConfig<typeof deleteSubscriber> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteSubscriber,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: subscribersQueryKey(args[1].pageId) });
      await config.onSuccess?.(...args);
    },
  });
}
