import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { StatusPageIcon } from '@/components/icons';

/** No pages yet: what a status page is, so the first one is made knowingly. */
export function StatusPagesEmpty() {
  return (
    <Paper withBorder radius="md" py={40} px="md" data-testid="status-pages-empty">
      <Stack align="center" gap="xs" maw={520} mx="auto" ta="center">
        <ThemeIcon variant="light" size={48} radius="xl">
          <StatusPageIcon size={26} />
        </ThemeIcon>
        <Text fw={600}>No status pages yet</Text>
        <Text size="sm" c="dimmed">
          A status page is a public web page, at its own address or on your own domain, where your customers see whether
          your services are up: the monitors you choose, under the names you give them, with 90 days of uptime, the
          incidents you post and the maintenance you plan. Your monitors’ addresses stay private unless you choose to
          show them.
        </Text>
      </Stack>
    </Paper>
  );
}
