import { type StatusPageInput, statusPage } from '@paydar/contracts/status-pages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { STATUS_PAGES_PATH, statusPagesQueryKey } from './get-status-pages';

/**
 * The body as sent: `password` left out keeps the current one on a PUT, `""` removes it. The
 * input type's defaults are filled by the server, so the editor may send them or not.
 */
export type StatusPageBody = Omit<StatusPageInput, 'password'> & { password?: string };

/** Creates a page, or replaces one (with all its sections) when `id` is given. */
export function saveStatusPage({ id, body }: { id?: number; body: StatusPageBody }) {
  return id === undefined
    ? api.post(`${STATUS_PAGES_PATH}/`, body, statusPage)
    : api.put(`${STATUS_PAGES_PATH}/${id}/`, body, statusPage);
}

export function useSaveStatusPage(config: MutationConfig<typeof saveStatusPage> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveStatusPage,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: statusPagesQueryKey });
      await config.onSuccess?.(...args);
    },
  });
}
