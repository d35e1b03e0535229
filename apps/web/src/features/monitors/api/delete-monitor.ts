import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { forgetRemovedMonitor } from './forget-removed-monitor';
import { removingMonitorKey } from './get-monitor';
import { monitorsQueryKey } from './get-monitors';

export function deleteMonitor(id: number) {
  return api.delete(`/api/v1/monitors/${id}/`, z.unknown());
}

/**
 * Removes a monitor. Once the server says it is gone, the app knows it at once
 * (forget-removed-monitor.ts: out of the list, marked removed, its queries forgotten) before the
 * caller moves on and before the list is read again — waiting for that read left the removed
 * monitor's detail on screen, where a word from the live stream or a refetch asked the server for
 * it again and got a 404 (issues 15, 37).
 */
export function useDeleteMonitor(config: MutationConfig<typeof deleteMonitor> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteMonitor,
    onMutate: async (id) => {
      queryClient.setQueryData(removingMonitorKey(id), true);
      // A read of it already on its way (a word from the live stream just before) is called off
      // before the DELETE goes out: answered after the removal committed, it was a 404 (busy
      // whole-suite run). Its data stays as it was; the removal's success forgets it.
      await queryClient.cancelQueries({ queryKey: [...monitorsQueryKey, id] });
    },
    onError: async (...args) => {
      queryClient.removeQueries({ queryKey: removingMonitorKey(args[1]), exact: true });
      await config.onError?.(...args);
    },
    onSuccess: async (...args) => {
      forgetRemovedMonitor(queryClient, args[1], 'here');
      await config.onSuccess?.(...args);
      await queryClient.invalidateQueries({ queryKey: monitorsQueryKey });
    },
  });
}
