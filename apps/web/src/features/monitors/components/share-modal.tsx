import { Button, CopyButton, Group, Modal, Text, TextInput } from '@mantine/core';
import { getRuntimeConfig } from '@/config/runtime-config';

/** The public link of a monitor: {dashboard}/symlink/{token} (spec §2). */
export function shareUrl(token: string): string {
  return `${getRuntimeConfig().dashboardUrl.replace(/\/+$/, '')}/symlink/${token}`;
}

type ShareModalProps = { opened: boolean; onClose: () => void; token: string };

/** The Share popup: the monitor's public link, with a copy button. */
export function ShareModal({ opened, onClose, token }: ShareModalProps) {
  const url = shareUrl(token);
  return (
    <Modal opened={opened} onClose={onClose} title="Share" centered>
      <Text size="sm" c="dimmed" mb="sm">
        Anyone with this link can see this monitor without signing in.
      </Text>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          value={url}
          readOnly
          aria-label="Share link"
          style={{ flex: 1 }}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button color={copied ? 'teal' : undefined} onClick={copy} w={96}>
              {copied ? 'Copied!' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Modal>
  );
}
