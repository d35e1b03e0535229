import { z } from 'zod';
import { ALERT_KINDS } from './alert-events';

/** How an alert went out: one row per (transition, channel); a phone may get an SMS and a call. */
export const NOTIFICATION_TYPES = [
  'email',
  'sms',
  'call',
  'telegram',
  'webhook',
  'slack',
  'discord',
  'mattermost',
  'bale',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** How each way of alerting is named on screen (history, monitor form, Alert Center). */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  email: 'Email',
  sms: 'SMS',
  call: 'Voice call',
  telegram: 'Telegram',
  webhook: 'Webhook',
  slack: 'Slack',
  discord: 'Discord',
  mattermost: 'Mattermost',
  bale: 'Bale',
};

/** Notification history page size on screen (spec §9). */
export const NOTIFICATION_HISTORY_PAGE_SIZE = 10;

/** Where a notification is in its delivery: pending → sending → sent or failed. */
export const NOTIFICATION_STATES = ['pending', 'sending', 'sent', 'failed'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];

/** Notification history item (spec §3, and issue 14's kind, reason, display name, state and send time). */
export const notificationHistoryItem = z.object({
  id: z.number().int(),
  notification_type: z.enum(NOTIFICATION_TYPES),
  /** The monitor as it was when alerted; null fields once it is removed are kept as they were. */
  monitor: z.object({
    id: z.number().int().nullable(),
    url: z.string().nullable(),
    host: z.string().nullable(),
    name: z
      .string()
      .nullable()
      .describe(
        "The monitor's display name when alerted ('protocol:alias', else its URL or host); null for a channel test.",
      ),
  }),
  recipient: z.string(),
  creation_time: z.string(),
  is_sent: z.boolean(),
  /** Why it was not sent, or what was sent, in words a user can read. */
  public_message: z.string(),
  kind: z
    .enum(ALERT_KINDS)
    .nullable()
    .describe('What the alert was about; `test` for a channel test. Null only for rows older than the alert facts.'),
  reason: z
    .string()
    .nullable()
    .describe('Why, as the message said it: a status code, a check error, a timing. Null when none was known.'),
  state: z.enum(NOTIFICATION_STATES).describe('Delivery state: pending, sending, sent or failed.'),
  sent_time: z.string().nullable().describe('When it was sent (ISO 8601); null until it is.'),
});
export type NotificationHistoryItem = z.infer<typeof notificationHistoryItem>;
