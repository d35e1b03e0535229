import { maintenanceWindow } from '@paydar/contracts/maintenance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { MAINTENANCE_PATH, maintenanceQueryKey } from './get-maintenance-windows';

/** Ends the ongoing occurrence now (a weekly window keeps its next ones). */
export function endMaintenanceWindow(id: number) {
  return api.post(`${MAINTENANCE_PATH}/${id}/end`, {}, maintenanceWindow);
}

export function useEndMaintenanceWindow(config: MutationConfig<typeof endMaintenanceWindow> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: endMaintenanceWindow,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: maintenanceQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['monitors'] });
      await config.onSuccess?.(...args);
    },
  });
}
