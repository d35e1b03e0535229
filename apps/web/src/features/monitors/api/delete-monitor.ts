import { type Query, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { monitorsQueryKey } from './get-monitors';

export function deleteMonitor(id: number) {
  return api.delete(`/api/v1/monitors/${id}/`, z.unknown());
}

/** Whether a query of the monitors cache is about the monitor `id` (its detail, metric, raw data). */
export const isAboutMonitor = (id: number) => (query: Query) =>
  query.queryKey[0] === monitorsQueryKey[0] && query.queryKey[1] === id;

/**
 * Removes a monitor, then reloads what changed — but never the removed monitor's own queries: its
 * detail and metric are still on screen until the caller moves on, and asking for them again would
 * only get 404s (issue 15).
 */
export function useDeleteMonitor(config: MutationConfig<typeof deleteMonitor> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteMonitor,
    onSuccess: async (...args) => {
      const removed = isAboutMonitor(args[1]);
      await queryClient.cancelQueries({ predicate: removed });
      await queryClient.invalidateQueries({ queryKey: monitorsQueryKey, predicate: (query) => !removed(query) });
      await config.onSuccess?.(...args);
    },
  });
}
