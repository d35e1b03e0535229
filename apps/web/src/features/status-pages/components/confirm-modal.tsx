import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';

type ConfirmModalProps = {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending: boolean;
  /** The call's failure, shown in the server's words. */
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before something is removed for good. */
export function ConfirmModal(props: ConfirmModalProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Stack gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {props.children}
        </Text>
        {props.error ? (
          <Text size="sm" c="red">
            {errorMessage(props.error)}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button color="red" loading={props.pending} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
