import { ActionIcon, Alert, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { StatusPageSubscriber } from '@paydar/contracts/status-page-subscribers';
import { useState } from 'react';
import { TrashIcon } from '@/components/icons';
import { ReadOnlyTip } from '@/components/read-only-tip';
import { errorMessage } from '@/lib/api-client';
import { useFormatTime } from '@/lib/time-settings';
import { useDeleteSubscriber } from '../../api/delete-subscriber';
import { useSubscribers } from '../../api/get-subscribers';
import { ConfirmModal } from '../confirm-modal';

type SubscribersSectionProps = { pageId: number; readOnly: string | null };

/** Who hears of the page's incidents by email: confirmed ones, and those yet to follow the link. */
export function SubscribersSection({ pageId, readOnly }: SubscribersSectionProps) {
  const subscribers = useSubscribers(pageId);
  const [removing, setRemoving] = useState<StatusPageSubscriber | null>(null);
  const list = subscribers.data?.results ?? [];
  const confirmed = list.filter((subscriber) => subscriber.confirmed).length;
  return (
    <Paper withBorder radius="md" p="md" data-testid="subscribers">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            Subscribers
          </Title>
          {subscribers.isSuccess && (
            <Text size="sm" c="dimmed" data-testid="subscriber-count">
              {subscribers.data.count === 1 ? '1 subscriber' : `${subscribers.data.count} subscribers`}
              {subscribers.data.count > 0 &&
                (list.length === subscribers.data.count
                  ? ` · ${confirmed} confirmed, ${list.length - confirmed} waiting`
                  : ` · the first ${list.length} shown`)}
            </Text>
          )}
        </Stack>
        {subscribers.isPending ? (
          <Loader size="sm" aria-label="Loading" />
        ) : subscribers.isError ? (
          <Alert color="red" variant="light">
            {errorMessage(subscribers.error)}
          </Alert>
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nobody has subscribed yet. Visitors subscribe by email on the page; they hear of incidents once they
            confirm.
          </Text>
        ) : (
          <Stack gap={6}>
            {list.map((subscriber) => (
              <SubscriberRow
                key={subscriber.id}
                subscriber={subscriber}
                readOnly={readOnly}
                onRemove={() => setRemoving(subscriber)}
              />
            ))}
          </Stack>
        )}
      </Stack>
      {removing && <RemoveSubscriberModal pageId={pageId} subscriber={removing} onClose={() => setRemoving(null)} />}
    </Paper>
  );
}

type SubscriberRowProps = { subscriber: StatusPageSubscriber; readOnly: string | null; onRemove: () => void };

function SubscriberRow({ subscriber, readOnly, onRemove }: SubscriberRowProps) {
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

type RemoveSubscriberModalProps = { pageId: number; subscriber: StatusPageSubscriber; onClose: () => void };

function RemoveSubscriberModal({ pageId, subscriber, onClose }: RemoveSubscriberModalProps) {
  const remove = useDeleteSubscriber({ onSuccess: () => onClose() });
  return (
    <ConfirmModal
      opened
      title="Remove subscriber"
      confirmLabel="Remove"
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate({ pageId, subscriberId: subscriber.id })}
      onClose={onClose}
    >
      Remove {subscriber.email}? They get no more mail from this page (they may subscribe again).
    </ConfirmModal>
  );
}
