import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router';
import {
  BellIcon,
  ChevronDownIcon,
  LogoutIcon,
  ReceiptIcon,
  RocketIcon,
  StatusPageIcon,
  UserIcon,
  WrenchIcon,
} from '@/components/icons';
import { useLogout } from '@/features/auth/api/logout';
import { useLogoutEverywhere } from '@/features/auth/api/logout-everywhere';
import { useProfile } from '@/lib/auth';
import { openPlansPopup } from '@/lib/plans-popup';
import { useSession } from '@/lib/session-store';
import { useIsEnterprise } from '@/lib/subscription';
import { ColorSchemeToggle } from './color-scheme-toggle';

export function UserMenu() {
  const navigate = useNavigate();
  const { data: me } = useProfile();
  const isEnterprise = useIsEnterprise();
  const logout = useLogout();
  const logoutEverywhere = useLogoutEverywhere();
  const { impersonating } = useSession();
  // The demo account is every visitor's, and staff must not sign a customer out of their devices.
  const ownAccount = me !== undefined && !me.is_demo && !impersonating;

  return (
    <Menu position="bottom-end" width={256} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label="User menu" py={4} px={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Group gap={8} wrap="nowrap">
            <Avatar color="blue" radius="xl" size={34}>
              {me?.email.charAt(0).toUpperCase()}
            </Avatar>
            <Text size="sm" fw={500} maw={240} truncate="end" visibleFrom="md">
              {me?.email}
            </Text>
            <ChevronDownIcon size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="xs" truncate="end">
            {me?.email}
          </Text>
        </Menu.Label>
        <Menu.Item leftSection={<BellIcon size={16} />} onClick={() => navigate('/settings')}>
          AlertCenter
        </Menu.Item>
        <Menu.Item leftSection={<WrenchIcon size={16} />} onClick={() => navigate('/maintenance')}>
          Maintenance
        </Menu.Item>
        <Menu.Item leftSection={<StatusPageIcon size={16} />} onClick={() => navigate('/status_pages')}>
          Status pages
        </Menu.Item>
        <Menu.Item leftSection={<RocketIcon size={16} />} onClick={openPlansPopup}>
          {isEnterprise ? 'Plans' : 'Upgrade Plan'}
        </Menu.Item>
        <Menu.Item leftSection={<ReceiptIcon size={16} />} onClick={() => navigate('/finance')}>
          Billing
        </Menu.Item>
        {ownAccount && (
          <Menu.Item leftSection={<UserIcon size={16} />} onClick={() => navigate('/account')}>
            Account
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Label>Theme</Menu.Label>
        <Box px="xs" pb="xs">
          <ColorSchemeToggle />
        </Box>
        <Menu.Divider />
        {ownAccount && (
          <Menu.Item
            color="red"
            leftSection={<LogoutIcon size={16} />}
            disabled={logoutEverywhere.isPending}
            onClick={() => logoutEverywhere.mutate()}
          >
            Sign out everywhere
          </Menu.Item>
        )}
        {/* Logout clears the session; the private-route guard then shows /login. */}
        <Menu.Item color="red" leftSection={<LogoutIcon size={16} />} onClick={() => logout.mutate()}>
          LogOut
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
