import { Group, Text } from '@mantine/core';
import {
  NOTIFICATION_TYPE_LABELS,
  type NotificationHistoryItem,
  type NotificationType,
} from '@paydar/contracts/notifications';
import type { ReactNode } from 'react';
import { MailIcon, PhoneIcon, TelegramIcon } from '@/components/icons';
import { BaleIcon, ChatHashIcon, DiscordIcon, WebhookIcon } from './alert-icons';

const ICONS: Record<NotificationType, ReactNode> = {
  email: <MailIcon size={15} />,
  sms: <PhoneIcon size={15} />,
  call: <PhoneIcon size={15} />,
  telegram: <TelegramIcon size={15} />,
  bale: <BaleIcon size={15} />,
  webhook: <WebhookIcon size={15} />,
  slack: <ChatHashIcon size={15} />,
  discord: <DiscordIcon size={15} />,
  mattermost: <ChatHashIcon size={15} />,
};

/** The Channel column: the type's icon (named for screen readers and on hover) and the recipient. */
export function NotificationChannel({ item }: { item: NotificationHistoryItem }) {
  const type = NOTIFICATION_TYPE_LABELS[item.notification_type];
  return (
    <Group gap={6} wrap="nowrap" title={`${type}: ${item.recipient}`}>
      <Text span c="dimmed" lh={0} style={{ flexShrink: 0 }} role="img" aria-label={type}>
        {ICONS[item.notification_type]}
      </Text>
      <Text inherit truncate="end" dir="ltr" style={{ minWidth: 0 }}>
        {item.recipient}
      </Text>
    </Group>
  );
}
