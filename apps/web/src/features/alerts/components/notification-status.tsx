import { Badge, Stack, Text } from '@mantine/core';
import type { NotificationHistoryItem } from '@paydar/contracts/notifications';

/** Sent or Not sent, with the server's words about it underneath. */
export function NotificationStatus({ item }: { item: NotificationHistoryItem }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge variant="light" color={item.is_sent ? 'teal' : 'red'} size="sm" tt="none">
        {item.is_sent ? 'Sent' : 'Not sent'}
      </Badge>
      {item.public_message && (
        <Text size="xs" c="dimmed" lh={1.35}>
          {item.public_message}
        </Text>
      )}
    </Stack>
  );
}
