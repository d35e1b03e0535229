import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { NotificationHistoryItem } from '@paydar/contracts/notifications';
import { formatDateTime } from '@/lib/date-time';
import { monitorAddress, NOTIFICATION_TYPE_LABELS } from './notification-labels';

/** The history on a phone: one small card per alert instead of a table too wide for the screen. */
export function NotificationHistoryList({ items }: { items: readonly NotificationHistoryItem[] }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} aria-label="Notification history" style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Paper component="li" key={item.id} withBorder radius="md" px="sm" py={10}>
          <Stack gap={2}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={600}>
                {NOTIFICATION_TYPE_LABELS[item.notification_type]}
              </Text>
              <Badge variant="light" color={item.is_sent ? 'teal' : 'red'} size="sm" tt="none">
                {item.is_sent ? 'Sent' : 'Not sent'}
              </Badge>
            </Group>
            <Text size="sm" truncate="end" dir="ltr" title={monitorAddress(item)}>
              {monitorAddress(item)}
            </Text>
            <Text size="xs" c="dimmed" truncate="end" dir="ltr" title={item.recipient}>
              To {item.recipient}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(item.creation_time)}
              {item.public_message && ` · ${item.public_message}`}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
