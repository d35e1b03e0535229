import { type emailOnlyBody, sentResponse } from '@paydar/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type ForgetPasswordInput = z.input<typeof emailOnlyBody>;

export function sendForgetPasswordEmail(input: ForgetPasswordInput) {
  return api.post('/api/v1/users/send_forget_password_email', input, sentResponse);
}

/** Emails a reset-password link. */
export function useSendForgetPasswordEmail() {
  return useMutation({ mutationFn: sendForgetPasswordEmail });
}
