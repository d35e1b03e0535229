import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { CreatedApiToken } from '@paydar/contracts/api-tokens';

/** The token just created, with a copy button: the only time it is on screen. */
export function NewApiTokenPanel({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  return (
    <Alert color="yellow" variant="light" radius="md" title={`Your new token “${created.name}”`}>
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          Copy it now: it will not be shown again.
        </Text>
        <Code block fz="sm" data-testid="new-api-token" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {created.token}
        </Code>
        <Text size="xs" c="dimmed">
          Send it as <Code fz="xs">Authorization: Bearer &lt;token&gt;</Code>. Signing out or changing your password
          does not end it; revoke it below when you no longer need it.
        </Text>
        <Group gap="xs">
          <CopyButton value={created.token} timeout={2000}>
            {({ copied, copy }) => (
              <Button size="xs" color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? 'Copied!' : 'Copy token'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
