import { type Profile, profile } from '@paydar/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';
import type { MutationConfig } from '@/lib/query-client';

export type ChangeEmailInput = { me: Profile; email: string; currentPassword: string };

/**
 * PUT /api/v1/users/profile with the new email and the current password. The answer's email is
 * still the old one; `pending_email` names the address the confirmation link went to.
 */
export function changeEmail({ me, email, currentPassword }: ChangeEmailInput): Promise<Profile> {
  return api.put('/api/v1/users/profile', { id: me.id, email, current_password: currentPassword }, profile);
}

export function useChangeEmail(config: MutationConfig<typeof changeEmail> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: changeEmail,
    onSuccess: (saved, ...rest) => {
      queryClient.setQueryData(profileQueryKey, saved);
      config.onSuccess?.(saved, ...rest);
    },
  });
}
