import { ActionIcon, Badge, Group, Stack, Text } from '@mantine/core';
import type { StatusPageSubscriber } from '@paydar/contracts/status-page-subscribers';
import { TrashIcon } from '@/components/icons';
import { ReadOnlyTip } from '@/components/read-only-tip';
import { useFormatTime } from '@/lib/time-settings';

type SubscriberRowProps = { subscriber: StatusPageSubscriber; readOnly: string | null; onRemove: () => void };

/** One subscriber: address, confirmed or waiting since when, and its remove button. */
export function SubscriberRow({ subscriber, readOnly, onRemove }: SubscriberRowProps) {
  const formatTime = useFormatTime();
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="subscriber">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" truncate="end" title={subscriber.email}>
          {subscriber.email}
        </Text>
        <Group gap={6} wrap="wrap">
          <Badge size="xs" variant="light" color={subscriber.confirmed ? 'teal' : 'gray'}>
            {subscriber.confirmed ? 'Confirmed' : 'Waiting for confirmation'}
          </Badge>
          <Text size="xs" c="dimmed">
            since {formatTime(subscriber.confirmed_at ?? subscriber.created_at, 'day')}
          </Text>
        </Group>
      </Stack>
      <ReadOnlyTip reason={readOnly}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Remove ${subscriber.email}`}
          disabled={readOnly !== null}
          onClick={onRemove}
        >
          <TrashIcon size={16} />
        </ActionIcon>
      </ReadOnlyTip>
    </Group>
  );
}
