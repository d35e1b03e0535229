import { Box, Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { Logo } from '@/components/logo';
import { PageLoader } from '@/components/page-loader';
import { returnTo } from '@/lib/return-path';
import { useAuthStatus } from '../guards';
import { AppLayout } from './app-layout';
import { HEADER_ROW_HEIGHT } from './header';
import { PageFrame } from './page-frame';

/**
 * The frame of the open pages that signed-in users also visit (shared monitors, the payment
 * result): the app's own header for a signed-in visitor, a public header with Login and Sign up for
 * everyone else (spec §2).
 */
export function OpenLayout() {
  const status = useAuthStatus();
  if (status === 'loading') return <PageLoader />;
  if (status !== 'signed-out') return <AppLayout />;
  return <PageFrame header={<PublicHeader />} headerHeight={HEADER_ROW_HEIGHT} />;
}

/** Login leads back here once signed in (a payment result resumes its plan purchase, a shared monitor shows again). */
export function PublicHeader() {
  const location = useLocation();
  return (
    <Group h={HEADER_ROW_HEIGHT} px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap" gap="xs">
      <Box component={Link} to="/" aria-label="Home" style={{ textDecoration: 'none' }}>
        <Logo compact />
      </Box>
      <Group gap="xs" wrap="nowrap" data-testid="public-header">
        <Button component={Link} to="/login" state={returnTo(location)} variant="subtle" size="sm">
          Login
        </Button>
        <Button component={Link} to="/signup" size="sm">
          Sign up
        </Button>
      </Group>
    </Group>
  );
}
