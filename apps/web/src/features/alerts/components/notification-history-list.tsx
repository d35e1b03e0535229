import { Group, Paper, Stack, Text } from '@mantine/core';
import type { NotificationHistoryItem } from '@paydar/contracts/notifications';
import { useFormatTime } from '@/lib/time-settings';
import { NotificationChannel } from './notification-channel';
import { NotificationKindTag } from './notification-kind-tag';
import { monitorLabel, outcomeOf } from './notification-labels';
import { NotificationStatus } from './notification-status';

type Props = { items: readonly NotificationHistoryItem[] };

/** The history on a phone: one small card per alert, with the same facts as the table's columns. */
export function NotificationHistoryList({ items }: Props) {
  const formatTime = useFormatTime();
  return (
    <Stack gap="xs" component="ul" p={0} m={0} aria-label="Notification history" style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Paper component="li" key={item.id} withBorder radius="md" px="sm" py={10}>
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={600} truncate="end" dir="ltr" title={monitorLabel(item)} style={{ minWidth: 0 }}>
                {monitorLabel(item)}
              </Text>
              <NotificationKindTag kind={item.kind} />
            </Group>
            {item.reason && (
              <Text size="xs" lineClamp={2}>
                {item.reason}
              </Text>
            )}
            <Text size="xs" c="dimmed" component="div">
              <NotificationChannel item={item} />
            </Text>
            <Group justify="space-between" gap="xs" align="center" wrap="nowrap">
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatTime(item.creation_time)}
              </Text>
              <NotificationStatus item={item} badgeOnly />
            </Group>
            {outcomeOf(item).status === 'failed' && item.public_message && (
              <Text size="xs" c="red.8" lh={1.35}>
                {item.public_message}
              </Text>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
