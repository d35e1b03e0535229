import { Badge, Loader, Stack, Text } from '@mantine/core';
import type { NotificationHistoryItem } from '@paydar/contracts/notifications';
import { outcomeOf } from './notification-labels';

/**
 * The Outcome column: Sent, Sending…, or Not sent with the server's words why (left out with
 * `badgeOnly`, where the caller shows them on a line of their own).
 */
export function NotificationStatus({ item, badgeOnly }: { item: NotificationHistoryItem; badgeOnly?: boolean }) {
  const outcome = outcomeOf(item);
  if (outcome.status === 'sending') {
    return (
      <Badge variant="light" color="gray" size="sm" tt="none" leftSection={<Loader size={8} color="gray" />}>
        Sending…
      </Badge>
    );
  }
  return (
    <Stack gap={2} align="flex-start">
      <Badge variant="light" color={outcome.status === 'sent' ? 'teal' : 'red'} size="sm" tt="none">
        {outcome.status === 'sent' ? 'Sent' : 'Not sent'}
      </Badge>
      {!badgeOnly && outcome.status === 'failed' && item.public_message && (
        <Text size="xs" c="dimmed" lh={1.35}>
          {item.public_message}
        </Text>
      )}
    </Stack>
  );
}
