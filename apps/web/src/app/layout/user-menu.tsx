import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router';
import { BellIcon, ChevronDownIcon, LogoutIcon, ReceiptIcon, RocketIcon } from '@/components/icons';
import { useLogout } from '@/features/auth/api/logout';
import { useProfile } from '@/lib/auth';
import { openPlansPopup } from '@/lib/plans-popup';
import { useIsEnterprise } from '@/lib/subscription';

export function UserMenu() {
  const navigate = useNavigate();
  const { data: me } = useProfile();
  const isEnterprise = useIsEnterprise();
  const logout = useLogout();

  return (
    <>
      <Menu position="bottom-end" width={220} shadow="md">
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
          <Menu.Item leftSection={<RocketIcon size={16} />} onClick={openPlansPopup}>
            {isEnterprise ? 'Plans' : 'Upgrade Plan'}
          </Menu.Item>
          <Menu.Item leftSection={<ReceiptIcon size={16} />} onClick={() => navigate('/finance')}>
            Billing
          </Menu.Item>
          <Menu.Divider />
          {/* Logout clears the session; the private-route guard then shows /login. */}
          <Menu.Item color="red" leftSection={<LogoutIcon size={16} />} onClick={() => logout.mutate()}>
            LogOut
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
