import { type Profile, profile } from '@paydar/contracts/accounts';
import type { Calendar } from '@paydar/contracts/calendars';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';
import type { MutationConfig } from '@/lib/query-client';

export type UpdateTimeSettingsInput = { me: Profile; timeZone: string; calendar: Calendar };

/** PUT /api/v1/users/profile with the time zone and calendar every date is shown in. */
export function updateTimeSettings({ me, timeZone, calendar }: UpdateTimeSettingsInput): Promise<Profile> {
  return api.put('/api/v1/users/profile', { id: me.id, time_zone: timeZone, calendar }, profile);
}

export function useUpdateTimeSettings(config: MutationConfig<typeof updateTimeSettings> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateTimeSettings,
    onSuccess: (saved, ...rest) => {
      // Every date on screen reads the profile's settings, so they follow at once.
      queryClient.setQueryData(profileQueryKey, saved);
      // Everything cut by day (today's figures, the history) is cut in the zone: fetch it again.
      queryClient.invalidateQueries();
      config.onSuccess?.(saved, ...rest);
    },
  });
}
