import { ActionIcon, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useVerificationWatch } from '../hooks/use-verification-watch';
import { CheckCircleIcon, CopyIcon } from './alert-icons';
import type { AlertChannelEntry } from './channel-types';

/** How a receiver checks that a delivery came from us, and how a webhook becomes verified. */
export function WebhookHint({ entries, secret }: { entries: readonly AlertChannelEntry[]; secret: string }) {
  // New webhooks get a test delivery from the server; its answer verifies them.
  useVerificationWatch(entries.some((entry) => !entry.is_verified));
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed">
        Each delivery is signed: <Code fz="xs">X-Paydar-Signature</Code> is <Code fz="xs">sha256=</Code> and the hex
        HMAC-SHA256 of <Code fz="xs">{'<X-Paydar-Timestamp>.<body>'}</Code>, keyed with your signing secret. A webhook
        is verified by its first delivery answered with a 2xx status (a test delivery goes out when you add it); until
        then it gets no alerts.
      </Text>
      <Group gap={6} wrap="nowrap" align="center">
        <Text size="xs" fw={600} style={{ flexShrink: 0 }}>
          Signing secret
        </Text>
        <Code fz="xs" style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {secret}
        </Code>
        <CopyButton value={secret} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied!' : 'Copy the secret'} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                size="sm"
                onClick={copy}
                aria-label="Copy the signing secret"
                style={{ flexShrink: 0 }}
              >
                {copied ? <CheckCircleIcon size={14} /> : <CopyIcon size={14} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
