import { Center, Group, Loader, Modal, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { SUBSCRIPTION_PERIODS } from '@paydar/contracts/plans';
import { type ReactNode, useState } from 'react';
import { PHONE_QUERY } from '@/lib/breakpoints';
import type { SubscriptionPeriod } from '@/lib/charge-popup';
import { useActiveSubscription } from '@/lib/subscription';
import { useSubscriptionPlans } from '../api/get-subscription-plans';
import { usePlanUpgrade } from '../hooks/use-plan-upgrade';
import { ConfirmPurchaseModal } from './confirm-purchase-modal';
import { barScale, planBars } from './plan-bars';
import { PlanCard } from './plan-card';
import { canUpgrade } from './plan-purchase';

/**
 * The Plans popup (spec §2, §4): the plans on offer with their bars, Monthly or Yearly, and Upgrade
 * Plan above the current level. Plan loads fail silently (spec §8).
 */
export function PlansModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery(PHONE_QUERY);
  const plans = useSubscriptionPlans(opened);
  const { data: active } = useActiveSubscription();
  const [period, setPeriod] = useState<SubscriptionPeriod>('Monthly');
  const upgrade = usePlanUpgrade(onClose);
  // Without a subscription the user is on Free, the lowest level.
  const currentLevel = active?.subscription_plan.level ?? 0;

  let body: ReactNode;
  if (plans.isPending) {
    body = (
      <Center py="xl">
        <Loader />
      </Center>
    );
  } else if (!plans.data?.length) {
    body = (
      <Text c="dimmed" ta="center" py="xl">
        No plans to show right now.
      </Text>
    );
  } else {
    const scale = barScale(plans.data);
    body = (
      <Stack gap="md">
        <Group justify="center">
          <SegmentedControl
            aria-label="Billing period"
            value={period}
            onChange={(value) => setPeriod(value as SubscriptionPeriod)}
            data={[...SUBSCRIPTION_PERIODS]}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: Math.min(plans.data.length, 4) }} spacing="md">
          {plans.data.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              current={active?.subscription_plan.id === plan.id}
              bars={planBars(plan, scale)}
              period={period}
              onUpgrade={canUpgrade(plan, currentLevel) ? () => upgrade.start(plan, period) : undefined}
            />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <>
      <Modal
        opened={opened}
        onClose={onClose}
        title={
          <Text fw={700} fz="lg">
            Plans
          </Text>
        }
        size="75rem"
        fullScreen={phone}
        centered
        // Escape belongs to the confirmation while it shows.
        closeOnEscape={upgrade.pending === null}
      >
        {body}
      </Modal>
      <ConfirmPurchaseModal
        pending={upgrade.pending}
        paying={upgrade.paying}
        onPay={upgrade.pay}
        onCancel={upgrade.cancel}
      />
    </>
  );
}
