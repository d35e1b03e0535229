import { type emailOnlyBody, sentResponse } from '@paydar/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type SendVerificationTokenInput = z.input<typeof emailOnlyBody>;

export function sendVerificationToken(input: SendVerificationTokenInput) {
  return api.post('/api/v1/users/send_verification_token', input, sentResponse);
}

/** Sends the verification email again. */
export function useSendVerificationToken() {
  return useMutation({ mutationFn: sendVerificationToken });
}
