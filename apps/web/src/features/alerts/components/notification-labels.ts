import type { NotificationHistoryItem, NotificationType } from '@paydar/contracts/notifications';

/** How each way of alerting is named in the history. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  email: 'Email',
  sms: 'SMS',
  call: 'Voice call',
  telegram: 'Telegram',
  webhook: 'Webhook',
};

/** The monitor an alert was about: its URL (HTTP) or host, as it was when alerted. */
export const monitorAddress = (item: NotificationHistoryItem) => item.monitor.url ?? item.monitor.host ?? '—';
