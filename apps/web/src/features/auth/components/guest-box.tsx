import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/** Offers the demo session to someone who is not ready to register. */
export function GuestBox() {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="var(--mantine-color-blue-light)"
      style={{ borderColor: 'var(--mantine-color-blue-light-hover)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2}>
          <Text fw={600} size="sm">
            Login as Guest
          </Text>
          <Text size="xs" c="dimmed">
            Take a tour with a demo account, no sign-up needed.
          </Text>
        </Stack>
        <Button component={Link} to="/guest" variant="white" size="sm" style={{ flexShrink: 0 }}>
          Try it!
        </Button>
      </Group>
    </Paper>
  );
}
