import { Alert } from '@mantine/core';
import { PersianText } from '@/components/persian';
import { useProfile } from '@/lib/auth';
import type { ChargeRequest } from '@/lib/charge-popup';
import { useSubscriptionPlans } from '../api/get-subscription-plans';
import { chargeTexts } from './charge-messages';
import { planPrice } from './plan-purchase';

/**
 * What a charge for a plan leads to: the plan is bought on the result page when the payment
 * covers what the wallet is missing; when it does not (a yearly plan can cost more than one
 * payment may bring), the notice says so instead of promising the plan.
 */
export function PlanTopUpNotice({ plan, amount }: { plan: NonNullable<ChargeRequest['plan']>; amount: number | null }) {
  const { data: me } = useProfile();
  const plans = useSubscriptionPlans(true);
  const offered = plans.data?.find((item) => item.name === plan.name);
  const yearly = plan.period === 'Yearly';
  // An upper bound: the server also credits the unused part of a running plan.
  const missing = offered && me ? planPrice(offered, plan.period) - me.charged_budget : null;
  const short = missing !== null && amount !== null && amount < missing;
  return (
    <Alert variant="light" color={short ? 'yellow' : 'blue'} p="sm">
      <PersianText size="sm">
        {short ? chargeTexts.topUpInParts(plan.name, yearly, missing) : chargeTexts.topUpForPlan(plan.name, yearly)}
      </PersianText>
    </Alert>
  );
}
