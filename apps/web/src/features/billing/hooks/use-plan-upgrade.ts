import type { Plan } from '@paydar/contracts/plans';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { track } from '@/lib/analytics';
import { ApiError, errorMessage } from '@/lib/api-client';
import { profileQueryOptions, useProfile } from '@/lib/auth';
import type { SubscriptionPeriod } from '@/lib/charge-popup';
import { notify } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';
import { useBuyPlan } from '../api/buy-plan';
import { planPrice, topUpAmount, topUpPath } from '../components/plan-purchase';

export type PendingPurchase = { plan: Plan; period: SubscriptionPeriod; price: number };

/**
 * Spec §4 "Plan purchase": when the balance covers the price the user confirms and the purchase
 * runs; otherwise they go to /finance to top up the missing amount. `onLeave` closes the popup
 * that started it.
 */
export function usePlanUpgrade(onLeave: () => void) {
  const navigate = useNavigate();
  const { data: me } = useProfile();
  const [pending, setPending] = useState<PendingPurchase | null>(null);
  const buy = useBuyPlan();

  const goTopUp = (plan: Plan, period: SubscriptionPeriod, balance: number) => {
    setPending(null);
    onLeave();
    navigate(topUpPath(plan.name, period, topUpAmount(planPrice(plan, period), balance)));
  };

  const start = (plan: Plan, period: SubscriptionPeriod) => {
    const price = planPrice(plan, period);
    const balance = me?.charged_budget ?? 0;
    if (balance >= price) setPending({ plan, period, price });
    else goTopUp(plan, period, balance);
  };

  const pay = () => {
    if (!pending) return;
    const { plan, period } = pending;
    buy.mutate(
      { plan_name: plan.name, period },
      {
        onSuccess: () => {
          track({ name: 'plan_upgrade', plan_name: plan.name, period, status: 'OK' });
          notify.success(`Plan ${plan.name} activated!`, { carryOver: true });
          setPending(null);
          onLeave();
        },
        onError: async (error) => {
          if (error instanceof ApiError && error.status === 402) {
            // The balance changed since the popup read it (another tab, a renewal): top up what is missing now.
            const fresh = await queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 }).catch(() => me);
            goTopUp(plan, period, fresh?.charged_budget ?? 0);
            return;
          }
          notify.warning(errorMessage(error));
        },
      },
    );
  };

  return { pending, start, pay, cancel: () => setPending(null), paying: buy.isPending };
}
