import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { incidentsPath, incidentsQueryKey } from './get-incidents';

export function deleteIncident({ pageId, incidentId }: { pageId: number; incidentId: number }) {
  return api.delete(`${incidentsPath(pageId)}${incidentId}/`, z.unknown());
}

export function useDeleteIncident(config: MutationConfig<typeof deleteIncident> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteIncident,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: incidentsQueryKey(args[1].pageId) });
      await config.onSuccess?.(...args);
    },
  });
}
