import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { BellIcon, ChevronDownIcon, LogoutIcon, ReceiptIcon, RocketIcon } from '@/components/icons';
import { useLogout } from '@/features/auth/api/logout';
import { useIsEnterprise } from '@/features/billing/api/get-subscriptions';
import { useProfile } from '@/lib/auth';

// The plans dialog loads on first use; most visits never open it.
const PlansModal = lazy(() =>
  import('@/features/billing/components/plans-modal').then((module) => ({ default: module.PlansModal })),
);

export function UserMenu() {
  const navigate = useNavigate();
  const { data: me } = useProfile();
  const isEnterprise = useIsEnterprise();
  const logout = useLogout();
  const [plansOpened, plans] = useDisclosure(false);
  const [plansUsed, setPlansUsed] = useState(false);
  const openPlans = () => {
    setPlansUsed(true);
    plans.open();
  };

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
          <Menu.Item leftSection={<RocketIcon size={16} />} onClick={openPlans}>
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
      {plansUsed && (
        <Suspense fallback={null}>
          <PlansModal opened={plansOpened} onClose={plans.close} />
        </Suspense>
      )}
    </>
  );
}
