import { zarinpalRequestResponse } from '@paydar/contracts/billing';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ChargeRequest } from '@/lib/charge-popup';
import { leaveApp } from '@/lib/external-navigation';

export type ZarinpalPaymentInput = { amount: number; plan?: ChargeRequest['plan'] };

/**
 * POST /api/v1/users/zarinpal/request?goal=…[&plan_name=…&period=…] (spec §7): the server records
 * the payment and answers the gateway's StartPay address. With a plan, the gateway's callback brings
 * the browser back to the result page with it, which then buys the plan (spec §4).
 */
export function requestZarinpalPayment({ amount, plan }: ZarinpalPaymentInput) {
  const query = new URLSearchParams(
    plan ? { goal: 'buy_plan', plan_name: plan.name, period: plan.period } : { goal: 'charge' },
  );
  return api.post(`/api/v1/users/zarinpal/request?${query}`, { amount }, zarinpalRequestResponse);
}

/** Requests the payment, then leaves for the gateway (spec §7: the redirect_url is followed). */
export function useZarinpalPayment() {
  return useMutation({
    mutationFn: requestZarinpalPayment,
    onSuccess: ({ redirect_url }) => leaveApp(redirect_url),
  });
}
