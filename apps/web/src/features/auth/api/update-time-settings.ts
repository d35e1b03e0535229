import { type Profile, profile } from '@paydar/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';
import type { MutationConfig } from '@/lib/query-client';

export type UpdateTimeZoneInput = { me: Profile; timeZone: string };

/** PUT /api/v1/users/profile with the time zone alert messages and the history use. */
export function updateTimeZone({ me, timeZone }: UpdateTimeZoneInput): Promise<Profile> {
  return api.put('/api/v1/users/profile', { id: me.id, time_zone: timeZone }, profile);
}

export function useUpdateTimeZone(config: MutationConfig<typeof updateTimeZone> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateTimeZone,
    onSuccess: (saved, ...rest) => {
      queryClient.setQueryData(profileQueryKey, saved);
      // The history shows its times in the zone.
      queryClient.invalidateQueries({ queryKey: ['notification-history'] });
      config.onSuccess?.(saved, ...rest);
    },
  });
}
