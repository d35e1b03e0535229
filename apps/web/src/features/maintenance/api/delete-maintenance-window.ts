import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { MAINTENANCE_PATH, maintenanceQueryKey } from './get-maintenance-windows';

export function deleteMaintenanceWindow(id: number) {
  return api.delete(`${MAINTENANCE_PATH}/${id}`, z.unknown());
}

export function useDeleteMaintenanceWindow(config: MutationConfig<typeof deleteMaintenanceWindow> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteMaintenanceWindow,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: maintenanceQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['monitors'] });
      await config.onSuccess?.(...args);
    },
  });
}
