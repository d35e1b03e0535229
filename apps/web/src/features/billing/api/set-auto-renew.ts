import { type Subscription, subscription } from '@paydar/contracts/plans';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { subscriptionsQueryOptions } from '@/lib/subscription';

/**
 * PATCH /api/v1/users/subscriptions/auto_renew: whether the running plan renews from the wallet when
 * it ends; 400 for a plan the wallet does not renew, 403 for the demo account.
 */
export function setAutoRenew(autoRenew: boolean) {
  return api.patch('/api/v1/users/subscriptions/auto_renew', { auto_renew: autoRenew }, subscription);
}

/** Puts the answered subscription in the cached list, so the card shows it before the list is read again. */
function storeSubscription(updated: Subscription) {
  queryClient.setQueryData(subscriptionsQueryOptions().queryKey, (page) =>
    page ? { ...page, results: page.results.map((item) => (item.id === updated.id ? updated : item)) } : page,
  );
}

export function useSetAutoRenew() {
  return useMutation({
    mutationFn: setAutoRenew,
    onSuccess: storeSubscription,
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionsQueryOptions().queryKey }),
  });
}
