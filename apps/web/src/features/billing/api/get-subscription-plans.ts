import { pageOf } from '@paydar/contracts/common';
import { plan } from '@paydar/contracts/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const plansPage = pageOf(plan);

export function getSubscriptionPlans(signal?: AbortSignal) {
  return api.get('/api/v2/users/subscription_plans', plansPage, { signal });
}

export const subscriptionPlansQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'subscription-plans'],
    queryFn: ({ signal }) => getSubscriptionPlans(signal),
    staleTime: 10 * 60_000,
  });

/** Active plans, cheapest level first; failures stay silent (spec §8). */
export function useSubscriptionPlans(enabled = true) {
  return useQuery({
    ...subscriptionPlansQueryOptions(),
    enabled,
    select: (page) => page.results.filter((item) => item.is_active).sort((a, b) => a.level - b.level),
  });
}
