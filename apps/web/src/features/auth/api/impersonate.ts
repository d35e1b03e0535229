import { type impersonateBody, keyResponse } from '@paydar/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { storeImpersonation } from '@/lib/session-store';

export type ImpersonateInput = z.input<typeof impersonateBody>;

export function impersonate(input: ImpersonateInput) {
  // The one-time token is the credential: whoever is signed in here plays no part.
  return api.post('/api/v1/users/impersonate', input, keyResponse, { token: null });
}

/**
 * Trades the token for the user's key and stores it with the impersonation flag (spec §4); the
 * caller then reloads, and start-up signs in with the stored key.
 */
export function useImpersonate() {
  return useMutation({
    mutationFn: async (input: ImpersonateInput) => storeImpersonation((await impersonate(input)).key),
  });
}
