import { monitor, type monitorInput } from '@paydar/contracts/monitors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';
import type { MutationConfig } from '@/lib/query-client';
import { monitorsQueryKey } from './get-monitors';

/** What the add and edit forms send (the server applies its defaults). */
export type MonitorFormInput = z.input<typeof monitorInput>;

export function createMonitor(input: MonitorFormInput) {
  return api.post('/api/v1/monitors/', input, monitor);
}

export function useCreateMonitor(config: MutationConfig<typeof createMonitor> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createMonitor,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: monitorsQueryKey });
      // A first monitor given no channel alerts the login address, which the server then lists as
      // the profile's email channel: the Alert Center and the next form must show it.
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      await config.onSuccess?.(...args);
    },
  });
}
