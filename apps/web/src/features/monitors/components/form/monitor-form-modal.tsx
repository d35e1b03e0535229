import { Modal } from '@mantine/core';
import type { Monitor } from '@paydar/contracts/monitors';

export type MonitorFormModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The monitor to edit; absent to add one. */
  monitor?: Monitor;
  /** Called with the saved monitor after a successful add or edit. */
  onSaved?: (monitor: Monitor) => void;
};

/** STUB — the Add / Edit monitor popup (issue 4 point 3) replaces this. */
export function MonitorFormModal({ opened, onClose, monitor }: MonitorFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeOnClickOutside={false}
      title={monitor ? 'Edit Monitor' : 'Add Monitor'}
    >
      Not built yet.
    </Modal>
  );
}
