import { type verifyEmailBody, verifyEmailResponse } from '@paydar/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { startSession } from '@/lib/auth';
import type { MutationConfig } from '@/lib/query-client';

export type VerifyEmailInput = z.input<typeof verifyEmailBody>;

export function verifyEmail(input: VerifyEmailInput) {
  return api.post('/api/v1/users/verify_email', input, verifyEmailResponse);
}

/** Verifies the address from the emailed link; the answer's `result` is a session key. */
export async function verifyAndLogIn(input: VerifyEmailInput) {
  return startSession((await verifyEmail(input)).result);
}

export function useVerifyEmail(config: MutationConfig<typeof verifyAndLogIn> = {}) {
  return useMutation({ ...config, mutationFn: verifyAndLogIn });
}
