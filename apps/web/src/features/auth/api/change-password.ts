import type { changePasswordBody } from '@paydar/contracts/accounts';
import { successBody } from '@paydar/contracts/common';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

export type ChangePasswordInput = z.input<typeof changePasswordBody>;

/** POST /api/v1/users/change_password; the server signs out every other session, this one stays. */
export function changePassword(input: ChangePasswordInput) {
  return api.post('/api/v1/users/change_password', input, successBody);
}

export function useChangePassword(config: MutationConfig<typeof changePassword> = {}) {
  return useMutation({ ...config, mutationFn: changePassword });
}
