import { z } from 'zod';

/** How an alert went out: one row per (transition, channel); a phone may get an SMS and a call. */
export const NOTIFICATION_TYPES = ['email', 'sms', 'call', 'telegram', 'webhook'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Notification history page size on screen (spec §9). */
export const NOTIFICATION_HISTORY_PAGE_SIZE = 10;

/** Notification history item (spec §3). */
export const notificationHistoryItem = z.object({
  id: z.number().int(),
  notification_type: z.enum(NOTIFICATION_TYPES),
  /** The monitor as it was when alerted; null fields once it is removed are kept as they were. */
  monitor: z.object({ id: z.number().int().nullable(), url: z.string().nullable(), host: z.string().nullable() }),
  recipient: z.string(),
  creation_time: z.string(),
  is_sent: z.boolean(),
  /** Why it was not sent, or what was sent, in words a user can read. */
  public_message: z.string(),
});
export type NotificationHistoryItem = z.infer<typeof notificationHistoryItem>;
