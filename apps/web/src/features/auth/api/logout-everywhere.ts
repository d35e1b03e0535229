import { successBody } from '@paydar/contracts/common';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { endSession } from '@/lib/auth';
import { notify } from '@/lib/notify';

/** POST /api/v1/users/logout_all: every session of the user ends, this one included. */
export function logoutEverywhere() {
  return api.post('/api/v1/users/logout_all', undefined, successBody);
}

/**
 * Signs out on every device, then here. If the server did not confirm, this browser stays signed
 * in and says so: signing out only locally would hide that the other sessions still work.
 */
export function useLogoutEverywhere() {
  return useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: endSession,
    onError: (error) => notify.error(error.message),
  });
}
