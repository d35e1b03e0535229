import { keyResponse, type resetPasswordBody } from '@paydar/contracts/accounts';
import { successBody } from '@paydar/contracts/common';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { startSession } from '@/lib/auth';
import type { MutationConfig } from '@/lib/query-client';

export type ResetPasswordInput = z.input<typeof resetPasswordBody>;

/** The answer carries a session key, so a reset also signs the user in. */
const resetPasswordResponse = successBody.extend(keyResponse.shape);

export function resetPassword(input: ResetPasswordInput) {
  return api.post('/api/v1/users/reset_password', input, resetPasswordResponse);
}

/** Sets the new password and signs in with the key the answer carries. */
export async function resetAndLogIn(input: ResetPasswordInput) {
  return startSession((await resetPassword(input)).key);
}

export function useResetPassword(config: MutationConfig<typeof resetAndLogIn> = {}) {
  return useMutation({ ...config, mutationFn: resetAndLogIn });
}
