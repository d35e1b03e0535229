import { monitor } from '@paydar/contracts/monitors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from '@/lib/api-client';
import { monitorQueryKey } from './get-monitor';

/**
 * A heartbeat's secret ping URL is answered once (on create and on regenerate): kept here, in this
 * tab's memory only, so the detail the add form navigates to can show it whole. A reload forgets
 * it; the detail then shows its first characters and offers a new one.
 */
const shown = new Map<number, string>();
const listeners = new Set<() => void>();

export function rememberPingUrl(monitorId: number, url: string): void {
  shown.set(monitorId, url);
  for (const listener of listeners) listener();
}

export function usePingUrl(monitorId: number): string | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => shown.get(monitorId),
  );
}

export function regeneratePingUrl(id: number) {
  return api.post(`/api/v1/monitors/${id}/ping-token/`, {}, monitor);
}

/** Replaces the ping URL; the new one is remembered to be shown, and the monitor read again. */
export function useRegeneratePingUrl(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regeneratePingUrl(id),
    onSuccess: async (saved) => {
      if (saved.ping_url) rememberPingUrl(id, saved.ping_url);
      await queryClient.invalidateQueries({ queryKey: monitorQueryKey(id) });
    },
  });
}
