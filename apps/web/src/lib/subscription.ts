import { pageOf } from '@paydar/contracts/common';
import { ENTERPRISE_LEVEL, subscription } from '@paydar/contracts/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The signed-in user's subscription is read by the header, the plans popup and the monitor screens
 * (limits, groups, history), so it lives here beside the profile rather than in one feature.
 */

const subscriptionsPage = pageOf(subscription);

export function getSubscriptions(signal?: AbortSignal) {
  return api.get('/api/v1/users/subscriptions', subscriptionsPage, { signal });
}

export const subscriptionsQueryOptions = () =>
  queryOptions({ queryKey: ['users', 'subscriptions'], queryFn: ({ signal }) => getSubscriptions(signal) });

/** The active subscription, or null; failures stay silent (spec §8). */
export function useActiveSubscription(enabled = true) {
  return useQuery({
    ...subscriptionsQueryOptions(),
    enabled,
    select: (page) => page.results.find((item) => item.is_active) ?? null,
  });
}

/** Enterprise users see 'Plans' instead of 'Upgrade Plan' in the user menu. */
export function useIsEnterprise(): boolean {
  const { data } = useActiveSubscription();
  return data?.subscription_plan.level === ENTERPRISE_LEVEL;
}
