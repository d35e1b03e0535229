import { monitor } from '@paydar/contracts/monitors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import type { MonitorFormInput } from './create-monitor';
import { monitorsQueryKey } from './get-monitors';

/** PUT sends the monitor's fields; protocol and address are read-only on edit (the server ignores them). */
export function updateMonitor({ id, input }: { id: number; input: MonitorFormInput }) {
  const { data: _data, ...fields } = input;
  return api.put(`/api/v1/monitors/${id}/`, fields, monitor);
}

export function useUpdateMonitor(config: MutationConfig<typeof updateMonitor> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateMonitor,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: monitorsQueryKey });
      await config.onSuccess?.(...args);
    },
  });
}
