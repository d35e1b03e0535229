import type { AlertChannels, Profile } from '@paydar/contracts/accounts';
import type { QueryClient } from '@tanstack/react-query';
import { profileQueryKey } from '@/lib/auth';

/**
 * Puts the channel lists a call answered with into the cached profile at once (the monitor form's
 * channel options read them too), then refetches the profile so nothing else in it goes stale;
 * the refetch is not waited for, since the lists are already in place.
 */
export function storeChannels(queryClient: QueryClient, channels: AlertChannels): void {
  queryClient.setQueryData<Profile>(profileQueryKey, (me) => (me ? { ...me, alert_channels: channels } : me));
  void queryClient.invalidateQueries({ queryKey: profileQueryKey });
}
