import { confirmEmailChangeResponse } from '@paydar/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';

/** POST /api/v1/users/confirm_email with the token of the link mailed to the new address. */
export function confirmEmailChange(token: string) {
  return api.post('/api/v1/users/confirm_email', { token }, confirmEmailChangeResponse);
}

/** Confirms the change; the profile is read again, now with the new email. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
