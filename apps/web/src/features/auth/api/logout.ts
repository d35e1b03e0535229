import { successBody } from '@paydar/contracts/common';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { endSession } from '@/lib/auth';

export function logout() {
  return api.post('/api/v1/users/logout', undefined, successBody);
}

/** Ends the session on the server, then clears all stored state whatever the server answered. */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch {
        // An expired key or a dropped connection must not keep the user signed in here.
      }
    },
    onSettled: endSession,
  });
}
