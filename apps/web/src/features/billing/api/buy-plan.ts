import { subscription } from '@paydar/contracts/plans';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';
import type { SubscriptionPeriod } from '@/lib/charge-popup';
import { queryClient } from '@/lib/query-client';
import { subscriptionsQueryOptions } from '@/lib/subscription';
import { financialTransactionsQueryKey } from './get-financial-transactions';

export type BuyPlanInput = { plan_name: string; period: SubscriptionPeriod };

/** POST /api/v2/users/subscriptions/buy (spec §7): debits the wallet and activates the plan; 402 when it is short. */
export function buyPlan(input: BuyPlanInput) {
  return api.post('/api/v2/users/subscriptions/buy', input, subscription);
}

/** A purchase changes the plan (limits everywhere), the balance and the history. */
export function refreshAfterPurchase() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: subscriptionsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: profileQueryKey }),
    queryClient.invalidateQueries({ queryKey: financialTransactionsQueryKey }),
  ]);
}

export function useBuyPlan() {
  return useMutation({ mutationFn: buyPlan, onSettled: refreshAfterPurchase });
}
