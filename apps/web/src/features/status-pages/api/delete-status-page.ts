import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { STATUS_PAGES_PATH, statusPagesQueryKey } from './get-status-pages';

export function deleteStatusPage(id: number) {
  return api.delete(`${STATUS_PAGES_PATH}/${id}/`, z.unknown());
}

/** Removes a page; the removed page's own queries are dropped, not asked again (they would 404). */
export function useDeleteStatusPage(config: MutationConfig<typeof deleteStatusPage> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteStatusPage,
    onSuccess: async (...args) => {
      queryClient.removeQueries({ queryKey: [...statusPagesQueryKey, args[1]] });
      await queryClient.invalidateQueries({ queryKey: [...statusPagesQueryKey, 'list'] });
      await config.onSuccess?.(...args);
    },
  });
}
