import { keyResponse, type loginBody } from '@paydar/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { startSession } from '@/lib/auth';
import type { MutationConfig } from '@/lib/query-client';

export type LoginInput = z.input<typeof loginBody>;

export function login(input: LoginInput) {
  return api.post('/api/v1/users/login', input, keyResponse);
}

/** Logs in and starts the session; resolves with the profile. */
export async function logInWithPassword(input: LoginInput) {
  return startSession((await login(input)).key);
}

export function useLogin(config: MutationConfig<typeof logInWithPassword> = {}) {
  return useMutation({ ...config, mutationFn: logInWithPassword });
}
