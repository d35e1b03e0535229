import { type MaintenanceWindowInput, maintenanceWindow } from '@paydar/contracts/maintenance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { MAINTENANCE_PATH, maintenanceQueryKey } from './get-maintenance-windows';

/** Creates a window, or replaces one when `id` is given. */
export function saveMaintenanceWindow({ id, input }: { id?: number; input: MaintenanceWindowInput }) {
  return id === undefined
    ? api.post(MAINTENANCE_PATH, input, maintenanceWindow)
    : api.put(`${MAINTENANCE_PATH}/${id}`, input, maintenanceWindow);
}

export function useSaveMaintenanceWindow(config: MutationConfig<typeof saveMaintenanceWindow> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveMaintenanceWindow,
    onSuccess: async (...args) => {
      // The monitors' figures show maintenance too.
      await queryClient.invalidateQueries({ queryKey: maintenanceQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['monitors'] });
      await config.onSuccess?.(...args);
    },
  });
}
