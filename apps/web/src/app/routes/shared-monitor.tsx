import { Button, Center, Container, Stack, Text, Title } from '@mantine/core';
import { SHARE_TOKEN_LENGTH } from '@paydar/contracts/metrics';
import { useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useSharedLive } from '@/features/live/hooks/use-shared-live';
import { useSharedMonitor } from '@/features/monitors/api/get-shared-monitor';
import { MonitorDetail } from '@/features/monitors/components/detail/monitor-detail';
import { ApiError } from '@/lib/api-client';

/** The prefix of plain share links; a custom link's prefix is the owner's organization. */
const SYMLINK_PREFIX = 'symlink';

/**
 * `/symlink/:token` and `/custom_symlink/:org/:token`: a shared monitor, no login needed. A custom
 * link's prefix is its organization, and only the first 36 characters of its token count (spec §9).
 */
export default function SharedMonitorRoute() {
  const { org, token: rawToken = '' } = useParams();
  const prefix = org ?? SYMLINK_PREFIX;
  const token = org === undefined ? rawToken : rawToken.slice(0, SHARE_TOKEN_LENGTH);
  const shared = useSharedMonitor(prefix, token);
  // Pushes the monitor's changes while the page is open; a custom link's token is cut to the real one.
  useSharedLive(shared.isSuccess ? shared.data.monitor.token : null);

  if (shared.isPending) return <PageLoader />;
  if (shared.isError) {
    const missing = shared.error instanceof ApiError && (shared.error.status === 404 || shared.error.status === 400);
    return <SharedMissing missing={missing} onRetry={() => void shared.refetch()} />;
  }
  return (
    <Container size="xl" px={0}>
      <MonitorDetail monitor={shared.data.monitor} shared={{ prefix, token }} />
    </Container>
  );
}

function SharedMissing({ missing, onRetry }: { missing: boolean; onRetry: () => void }) {
  return (
    <Center mih="60vh" px="md">
      <Stack align="center" gap="xs" maw={420} ta="center" data-testid="shared-not-found">
        <Title order={2} fz="h3">
          {missing ? 'Shared monitor not found' : 'The shared monitor could not be loaded'}
        </Title>
        <Text c="dimmed">
          {missing
            ? 'This link does not lead to a shared monitor. It may have been mistyped, or the monitor was removed.'
            : 'Please try again in a moment.'}
        </Text>
        {!missing && (
          <Button variant="light" mt="sm" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Center>
  );
}
