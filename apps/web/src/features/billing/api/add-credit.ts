import { addCreditResponse } from '@paydar/contracts/billing';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { financialTransactionsQueryKey } from './get-financial-transactions';

export type AddCreditInput = {
  user_email: string;
  amount: number;
  description: string;
  /** One per attempt, the same on every retry of it: the server credits once per key. */
  idempotencyKey: string;
};

/** POST /api/v1/users/add_credit (spec §7): moves credit from the hosting console into the wallet. */
export function addCredit({ idempotencyKey, ...body }: AddCreditInput) {
  return api.post('/api/v1/users/add_credit', body, addCreditResponse, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Only a call that got no answer is repeated; it carries the same key, so it cannot credit twice. */
const MAX_RETRIES = 2;

export function useAddCredit() {
  return useMutation({
    mutationFn: addCredit,
    retry: (failures, error) => failures < MAX_RETRIES && error instanceof ApiError && error.status === 0,
    retryDelay: 1_000,
    // Spec §8: success refreshes the transactions; the balance in the header changes too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: financialTransactionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
      ]),
  });
}
