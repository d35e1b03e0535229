import { CloseButton, Group, Loader, Text } from '@mantine/core';
import type { ChannelTestOutcome } from '../hooks/use-channel-tests';
import { CheckCircleIcon } from './alert-icons';

const COLORS = { sending: 'dimmed', sent: 'teal.8', failed: 'red.8' } as const;

/** The outcome of a channel's test, under its field: on its way, sent, or the reason it was not. */
export function ChannelTestOutcomeLine({ outcome, onDismiss }: { outcome: ChannelTestOutcome; onDismiss: () => void }) {
  return (
    <Group
      gap={6}
      wrap="nowrap"
      align="flex-start"
      role="status"
      aria-live="polite"
      aria-label="Test outcome"
      data-test-outcome={outcome.status}
    >
      {outcome.status === 'sending' && <Loader size={12} mt={3} />}
      {outcome.status === 'sent' && <CheckCircleIcon size={14} style={{ marginTop: 2, flexShrink: 0 }} color="teal" />}
      <Text size="xs" c={COLORS[outcome.status]} style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        <Text span inherit fw={600} dir="ltr">
          {outcome.value}
        </Text>
        {': '}
        {outcome.message}
      </Text>
      {outcome.status !== 'sending' && (
        <CloseButton size="xs" aria-label="Dismiss the test outcome" onClick={onDismiss} />
      )}
    </Group>
  );
}
