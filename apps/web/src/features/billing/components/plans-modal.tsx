import { Center, Loader, Modal, SimpleGrid, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { PHONE_QUERY } from '@/lib/breakpoints';
import { useActiveSubscription } from '@/lib/subscription';
import { useSubscriptionPlans } from '../api/get-subscription-plans';
import { PlanCard } from './plan-card';

/** The plans on offer and which one the user has; plan loads fail silently (spec §8). */
export function PlansModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery(PHONE_QUERY);
  const plans = useSubscriptionPlans(opened);
  const { data: active } = useActiveSubscription();

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
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: Math.min(plans.data.length, 4) }} spacing="md">
        {plans.data.map((plan) => (
          <PlanCard key={plan.id} plan={plan} current={active?.subscription_plan.id === plan.id} />
        ))}
      </SimpleGrid>
    );
  }

  return (
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
    >
      {body}
    </Modal>
  );
}
