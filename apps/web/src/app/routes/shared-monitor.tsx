import { Box, Button, Center, Container, Group, Stack, Text, Title } from '@mantine/core';
import { SHARE_TOKEN_LENGTH } from '@paydar/contracts/metrics';
import { Link, useParams } from 'react-router';
import { Logo } from '@/components/logo';
import { PageLoader } from '@/components/page-loader';
import { useSharedMonitor } from '@/features/monitors/api/get-shared-monitor';
import { MonitorDetail } from '@/features/monitors/components/detail/monitor-detail';
import { ApiError } from '@/lib/api-client';
import { useAuthStatus } from '../guards';
import { AppLayout } from '../layout/app-layout';
import { HEADER_ROW_HEIGHT } from '../layout/header';
import { PageFrame } from '../layout/page-frame';

/** The prefix of plain share links; a custom link's prefix is the owner's organization. */
const SYMLINK_PREFIX = 'symlink';

/**
 * The frame of the shared pages: the app's own header for a signed-in visitor, a public header with
 * Login and Sign up for everyone else (spec §2).
 */
export function SharedLayout() {
  const status = useAuthStatus();
  if (status === 'loading') return <PageLoader />;
  if (status !== 'signed-out') return <AppLayout />;
  return <PageFrame header={<PublicHeader />} headerHeight={HEADER_ROW_HEIGHT} />;
}

function PublicHeader() {
  return (
    <Group h={HEADER_ROW_HEIGHT} px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap" gap="xs">
      <Box component={Link} to="/" aria-label="Home" style={{ textDecoration: 'none' }}>
        <Logo compact />
      </Box>
      <Group gap="xs" wrap="nowrap" data-testid="public-header">
        <Button component={Link} to="/login" variant="subtle" size="sm">
          Login
        </Button>
        <Button component={Link} to="/signup" size="sm">
          Sign up
        </Button>
      </Group>
    </Group>
  );
}

/**
 * `/symlink/:token` and `/custom_symlink/:org/:token`: a shared monitor, no login needed. A custom
 * link's prefix is its organization, and only the first 36 characters of its token count (spec §9).
 */
export default function SharedMonitorRoute() {
  const { org, token: rawToken = '' } = useParams();
  const prefix = org ?? SYMLINK_PREFIX;
  const token = org === undefined ? rawToken : rawToken.slice(0, SHARE_TOKEN_LENGTH);
  const shared = useSharedMonitor(prefix, token);

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
