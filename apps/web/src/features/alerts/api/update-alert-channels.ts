import { type AlertChannels, type Profile, profile } from '@paydar/contracts/accounts';
import type { AlertChannelKey } from '@paydar/contracts/alert-channels';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';
import { notify } from '@/lib/notify';

export type UpdateAlertChannelsInput = { me: Profile; alertChannels: AlertChannels };

/** PUT /api/v1/users/profile with the user's id, email and all four channel lists (spec §7). */
export function updateAlertChannels({ me, alertChannels }: UpdateAlertChannelsInput): Promise<Profile> {
  return api.put('/api/v1/users/profile', { id: me.id, email: me.email, alert_channels: alertChannels }, profile);
}

/**
 * The server's messages about one channel list, from field errors named like
 * `alert_channels.phones.0.value`; null when it named none of that list's fields.
 */
export function channelFieldError(error: unknown, key: AlertChannelKey): string | null {
  if (!(error instanceof ApiError)) return null;
  const messages = Object.entries(error.fields)
    .filter(([field]) => field === `alert_channels.${key}` || field.startsWith(`alert_channels.${key}.`))
    .flatMap(([, texts]) => texts);
  return messages.length ? [...new Set(messages)].join(' ') : null;
}

/**
 * Saves the channel lists. The tags change at once (the cached profile is updated before the call);
 * a failure puts them back and says 'Something went wrong!' (spec §8).
 */
export function useUpdateAlertChannels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlertChannels,
    onMutate: async ({ me, alertChannels }) => {
      await queryClient.cancelQueries({ queryKey: profileQueryKey });
      const previous = queryClient.getQueryData<Profile>(profileQueryKey);
      queryClient.setQueryData<Profile>(profileQueryKey, { ...(previous ?? me), alert_channels: alertChannels });
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(profileQueryKey, context.previous);
      notify.error('Something went wrong!');
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(profileQueryKey, saved);
    },
    // Not awaited: the caller's messages must not wait for the profile to be read again.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
