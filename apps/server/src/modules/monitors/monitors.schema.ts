import { z } from 'zod';

/** Request schema of the monitor list; the item is in @paydar/contracts/monitors. */
export const MAX_MONITOR_LIST_LIMIT = 1_000;

/**
 * Pages as every other list does; without `limit` the whole list is answered (in the same shape),
 * which is what the web's list asks for.
 */
export const monitorListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_MONITOR_LIST_LIMIT).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});
export type MonitorListQuery = z.infer<typeof monitorListQuery>;
