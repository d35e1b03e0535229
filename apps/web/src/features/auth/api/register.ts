import { keyResponse, type registerBody } from '@paydar/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { startSession } from '@/lib/auth';
import type { MutationConfig } from '@/lib/query-client';

export type RegisterInput = z.input<typeof registerBody>;

export function register(input: RegisterInput) {
  return api.post('/api/v1/users/register', input, keyResponse);
}

/** Registers and signs in at once (spec §4); the new user is unverified until the email link is used. */
export async function registerAndLogIn(input: RegisterInput) {
  return startSession((await register(input)).key);
}

export function useRegister(config: MutationConfig<typeof registerAndLogIn> = {}) {
  return useMutation({ ...config, mutationFn: registerAndLogIn });
}
