import { zarinpalPaymentResponse } from '@paydar/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** One of the signed-in user's card payments, as the server recorded it. */
export function getZarinpalPayment(authority: string, signal?: AbortSignal) {
  return api.get(`/api/v1/users/zarinpal/payments/${encodeURIComponent(authority)}`, zarinpalPaymentResponse, {
    signal,
  });
}

export const zarinpalPaymentQueryOptions = (authority: string) =>
  queryOptions({
    queryKey: ['users', 'zarinpal-payments', authority],
    queryFn: ({ signal }) => getZarinpalPayment(authority, signal),
  });

/** The payment the result page is about; `authority` null (or `enabled` false) asks nothing. */
export function useZarinpalPayment(authority: string | null, enabled: boolean) {
  return useQuery({ ...zarinpalPaymentQueryOptions(authority ?? ''), enabled: enabled && authority !== null });
}
