import { Button, Code, CopyButton, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Monitor } from '@paydar/contracts/monitors';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useFormatTime } from '@/lib/time-settings';
import { usePingUrl, useRegeneratePingUrl } from '../../api/ping-url';
import { heartbeatExamples } from './heartbeat-examples';

const KIND_TEXT = { success: 'success', start: 'start', fail: 'failure' } as const;

function CopyLine({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
              {copied ? 'Copied!' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code block fz="xs" data-testid={testId} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {value}
      </Code>
    </Stack>
  );
}

/**
 * A heartbeat's pings on its detail: the ping URL — whole, with curl and cron examples, right after
 * it was made; afterwards its first characters, with a way to make a new one — the last ping and
 * when the next is expected by.
 */
export function HeartbeatPanel({ monitor, readOnly }: { monitor: Monitor; readOnly: boolean }) {
  const formatTime = useFormatTime();
  const url = usePingUrl(monitor.id);
  const regenerate = useRegeneratePingUrl(monitor.id);
  const heartbeat = monitor.heartbeat;
  if (!heartbeat) return null;
  const examples = url ? heartbeatExamples(url, monitor.period) : null;
  const renew = () =>
    regenerate.mutate(undefined, {
      onError: (error) => notify.error(errorMessage(error)),
    });
  return (
    <Paper withBorder radius="md" p="md" data-testid="heartbeat-panel">
      <Stack gap="sm">
        <Title order={3} fz="md">
          Heartbeat
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <Text size="sm" data-testid="heartbeat-last-ping">
            <Text span c="dimmed" size="sm">
              Last ping:{' '}
            </Text>
            {heartbeat.last_ping_at
              ? `${formatTime(heartbeat.last_ping_at)} (${KIND_TEXT[heartbeat.last_ping_kind ?? 'success']})`
              : 'None yet'}
          </Text>
          <Text size="sm" data-testid="heartbeat-expected">
            <Text span c="dimmed" size="sm">
              Expected by:{' '}
            </Text>
            {heartbeat.expected_by
              ? formatTime(heartbeat.expected_by)
              : heartbeat.last_ping_at
                ? 'The next success'
                : 'The first ping'}
          </Text>
        </SimpleGrid>
        {heartbeat.last_ping_note && (
          <Text size="xs" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            Last ping said: {heartbeat.last_ping_note}
          </Text>
        )}
        {examples ? (
          <>
            <Text size="sm" fw={600} c="orange">
              Copy the ping URL now: for your safety it is kept only as a fingerprint and will not be shown again.
            </Text>
            <CopyLine label="Ping URL" value={url as string} testId="ping-url" />
            <CopyLine label="Ping with curl" value={examples.curl} testId="ping-curl" />
            <CopyLine label="In a crontab" value={examples.cron} testId="ping-cron" />
            <Text size="xs" c="dimmed">
              Add /start before the job runs to measure its runtime, and /fail to report a failure at once.
            </Text>
          </>
        ) : (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span c="dimmed" size="sm">
              Ping URL:{' '}
            </Text>
            <Code fz="xs" style={{ overflowWrap: 'anywhere' }}>
              {heartbeat.ping_url_hint}
            </Code>
          </Text>
        )}
        {!readOnly && (
          <Group>
            <Button size="xs" variant="default" loading={regenerate.isPending} onClick={renew}>
              {examples ? 'Make another ping URL' : 'Show a new ping URL'}
            </Button>
            <Text size="xs" c="dimmed">
              The old URL stops working at once.
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
