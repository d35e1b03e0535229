import { Box, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { useProfile } from '@/lib/auth';
import { useSession } from '@/lib/session-store';
import { ExitImpersonationButton } from './exit-impersonation-button';
import { UserMenu } from './user-menu';
import { WalletBalance } from './wallet-balance';

export const HEADER_ROW_HEIGHT = 64;
/** On phones the impersonation notice gets a row of its own under the header. */
export const IMPERSONATION_ROW_HEIGHT = 44;

export function Header() {
  const { impersonating } = useSession();
  const { data: me } = useProfile();
  return (
    <>
      <Group h={HEADER_ROW_HEIGHT} px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap" gap="xs">
        <Box component={Link} to="/" aria-label="Home" style={{ textDecoration: 'none' }}>
          <Logo compact />
        </Box>
        <Group gap="xs" wrap="nowrap">
          {impersonating && (
            <Box visibleFrom="sm">
              <ExitImpersonationButton />
            </Box>
          )}
          <WalletBalance />
          <UserMenu />
        </Group>
      </Group>
      {impersonating && (
        <Group
          hiddenFrom="sm"
          h={IMPERSONATION_ROW_HEIGHT}
          px="sm"
          bg="var(--mantine-color-red-light)"
          justify="space-between"
          wrap="nowrap"
          style={{ borderTop: '1px solid var(--mantine-color-red-light-hover)' }}
        >
          <Text size="xs" c="var(--mantine-color-red-light-color)" truncate="end" style={{ flex: 1, minWidth: 0 }}>
            Acting as {me?.email}
          </Text>
          <ExitImpersonationButton />
        </Group>
      )}
    </>
  );
}
