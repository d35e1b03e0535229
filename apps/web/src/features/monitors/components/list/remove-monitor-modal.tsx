import { Button, Group, Modal, Text } from '@mantine/core';
import type { MonitorSummary } from '@paydar/contracts/monitor-summary';
import { displayName } from '@paydar/domain/display-name';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useDeleteMonitor } from '../../api/delete-monitor';

/** Spec §8. */
export const REMOVE_TEXTS = {
  removed: 'Monitor removed!',
  failed: 'Something went wrong please try again later!',
  protected: "You can't delete protected monitors.",
} as const;

type RemoveMonitorModalProps = {
  monitor: MonitorSummary;
  opened: boolean;
  onClose: () => void;
  /** After the monitor is gone and the list has reloaded. */
  onRemoved: (id: number) => void;
};

/** Asks before removing a monitor, removes it, and says how it went (spec §4, §8). */
export function RemoveMonitorModal({ monitor, opened, onClose, onRemoved }: RemoveMonitorModalProps) {
  const removal = useDeleteMonitor({
    // By now the app knows it removed (useDeleteMonitor): the list and the detail no longer show it.
    onSuccess: (_data, id) => {
      notify.success(REMOVE_TEXTS.removed, { carryOver: true });
      onClose();
      onRemoved(id);
    },
    onError: (error) => {
      const isProtected = error instanceof ApiError && error.code === 'PROTECTED_MONITOR';
      if (isProtected) notify.warning(REMOVE_TEXTS.protected);
      else notify.error(REMOVE_TEXTS.failed);
      onClose();
    },
  });

  const confirm = () => {
    if (monitor.is_protected) {
      notify.warning(REMOVE_TEXTS.protected);
      onClose();
      return;
    }
    removal.mutate(monitor.id);
  };

  return (
    <Modal opened={opened} onClose={() => !removal.isPending && onClose()} title="Remove Monitor" centered size="sm">
      <Text size="sm" mb="lg">
        Remove <b style={{ wordBreak: 'break-all' }}>{displayName(monitor)}</b>? Its checks and history will be deleted.
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={removal.isPending}>
          Cancel
        </Button>
        <Button color="red" onClick={confirm} loading={removal.isPending}>
          Remove
        </Button>
      </Group>
    </Modal>
  );
}
