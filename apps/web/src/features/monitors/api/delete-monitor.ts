import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { monitorsQueryKey } from './get-monitors';

export function deleteMonitor(id: number) {
  return api.delete(`/api/v1/monitors/${id}/`, z.unknown());
}

export function useDeleteMonitor(config: MutationConfig<typeof deleteMonitor> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteMonitor,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: monitorsQueryKey });
      await config.onSuccess?.(...args);
    },
  });
}
