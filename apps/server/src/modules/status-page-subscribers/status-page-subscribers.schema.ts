import { edgeText } from '@paydar/contracts/edge-values';
import {
  SUBSCRIBER_SEARCH_MAX_LENGTH,
  SUBSCRIBER_STATES,
  SUBSCRIBERS_PAGE_DEFAULT,
  SUBSCRIBERS_PAGE_MAX,
} from '@paydar/contracts/status-page-subscribers';
import { z } from 'zod';

/** Query of the owner's subscriber list; the answer's shape is in @paydar/contracts/status-page-subscribers. */
export const subscribersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(SUBSCRIBERS_PAGE_MAX).default(SUBSCRIBERS_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  search: edgeText(SUBSCRIBER_SEARCH_MAX_LENGTH)
    .optional()
    .describe('Only addresses containing this text (case-insensitive; `%` and `_` are plain characters).'),
  state: z.enum(SUBSCRIBER_STATES).optional().describe('Only confirmed subscribers, or only those waiting to confirm.'),
});
export type SubscribersQuery = z.infer<typeof subscribersQuery>;
