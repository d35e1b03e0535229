import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatTomans } from '@paydar/domain/format';
import type { PendingPurchase } from '../hooks/use-plan-upgrade';

/** Spec §4: 'This action would get some of your budget.' with Pay and No. */
export function ConfirmPurchaseModal({
  pending,
  paying,
  onPay,
  onCancel,
}: {
  pending: PendingPurchase | null;
  paying: boolean;
  onPay: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      opened={pending !== null}
      onClose={() => !paying && onCancel()}
      title={<Text fw={700}>Upgrade Plan</Text>}
      centered
      size="sm"
      // Above the Plans popup it was opened from.
      zIndex={310}
    >
      {pending && (
        <Stack gap="md">
          <Text>This action would get some of your budget.</Text>
          <Text size="sm" c="dimmed">
            Plan {pending.plan.name} ({pending.period}): {formatTomans(pending.price)}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={paying}>
              No
            </Button>
            <Button onClick={onPay} loading={paying}>
              Pay
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
