import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';

type CommandModalProps = { opened: boolean; onClose: () => void; command: string };

/** The Command popup (spec §2): the shell line that reproduces the check, with Copy ('Copied!'). */
export function CommandModal({ opened, onClose, command }: CommandModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Command" centered size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Run this in a terminal to make the same check from your own machine.
        </Text>
        <Code block aria-label="Terminal command" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {command}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={command}>
            {({ copied, copy }) => (
              <Button color={copied ? 'teal' : undefined} onClick={copy} w={110}>
                {copied ? 'Copied!' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Modal>
  );
}
