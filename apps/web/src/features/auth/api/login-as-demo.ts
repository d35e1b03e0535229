import { keyResponse } from '@paydar/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { startSession } from '@/lib/auth';
import type { MutationConfig } from '@/lib/query-client';

export function loginAsDemo() {
  return api.get('/api/v1/users/login_as_demo', keyResponse);
}

/** The guest tour: a demo session; resolves with the demo profile. */
export async function logInAsDemo() {
  return startSession((await loginAsDemo()).key);
}

export function useLoginAsDemo(config: MutationConfig<typeof logInAsDemo> = {}) {
  return useMutation({ ...config, mutationFn: logInAsDemo });
}
