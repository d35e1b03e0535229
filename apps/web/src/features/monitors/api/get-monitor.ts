import { monitor } from '@paydar/contracts/monitors';
import { api } from '@/lib/api-client';

/** One monitor, fresh from the server (the refresh of a single monitor). */
export function getMonitor(id: number, signal?: AbortSignal) {
  return api.get(`/api/v1/monitors/${id}/`, monitor, { signal });
}
