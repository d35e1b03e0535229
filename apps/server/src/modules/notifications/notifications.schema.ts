import { z } from 'zod';

/** Request schema of the notification history call; the item is in @paydar/contracts/notifications. */
export const MAX_HISTORY_LIMIT = 100;

export const historyQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_HISTORY_LIMIT).default(10),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});
export type HistoryQuery = z.infer<typeof historyQuery>;
