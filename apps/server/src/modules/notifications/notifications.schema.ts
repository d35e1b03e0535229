import { ALERT_KINDS } from '@paydar/contracts/alert-events';
import { INT4_MAX } from '@paydar/contracts/edge-values';
import { z } from 'zod';

/** Request schema of the notification history call; the item is in @paydar/contracts/notifications. */
export const MAX_HISTORY_LIMIT = 100;

export const historyQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_HISTORY_LIMIT).default(10),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  monitor_id: z.coerce
    .number()
    .int()
    .min(1)
    .max(INT4_MAX)
    .optional()
    .describe("Only this monitor's notifications (another user's monitor gives an empty page)."),
  kind: z.enum(ALERT_KINDS).optional().describe('Only notifications of this kind.'),
});
export type HistoryQuery = z.infer<typeof historyQuery>;
