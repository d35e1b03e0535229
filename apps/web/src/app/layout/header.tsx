import { Box, Group } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { useSession } from '@/lib/session-store';
import { ExitImpersonationButton } from './exit-impersonation-button';
import { UserMenu } from './user-menu';
import { WalletBalance } from './wallet-balance';

export function Header() {
  const { impersonating } = useSession();
  return (
    <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap" gap="xs">
      <Box component={Link} to="/" aria-label="Home" style={{ textDecoration: 'none', minWidth: 0 }}>
        <Logo />
      </Box>
      <Group gap="xs" wrap="nowrap">
        {impersonating && <ExitImpersonationButton />}
        <WalletBalance />
        <UserMenu />
      </Group>
    </Group>
  );
}
