import { keyResponse, type registerBody } from '@paydar/contracts/accounts';
import { canonicalTimeZone } from '@paydar/contracts/time-zones';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { startSession } from '@/lib/auth';
import { browserTimeZone } from '@/lib/date-time';
import type { MutationConfig } from '@/lib/query-client';

export type RegisterInput = z.input<typeof registerBody>;

/** The browser's zone, when it names one: the new account's zone (Asia/Tehran when absent, the server decides). */
function signupTimeZone(): string | undefined {
  return canonicalTimeZone(browserTimeZone()) ?? undefined;
}

/** Registers; the browser's time zone goes along, so the account starts in the user's own time (issue 15). */
export function register(input: RegisterInput) {
  return api.post('/api/v1/users/register', { time_zone: signupTimeZone(), ...input }, keyResponse);
}

/** Registers and signs in at once (spec §4); the new user is unverified until the email link is used. */
export async function registerAndLogIn(input: RegisterInput) {
  return startSession((await register(input)).key);
}

export function useRegister(config: MutationConfig<typeof registerAndLogIn> = {}) {
  return useMutation({ ...config, mutationFn: registerAndLogIn });
}
