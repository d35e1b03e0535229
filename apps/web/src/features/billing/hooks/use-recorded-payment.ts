import type { ZarinpalPayment } from '@paydar/contracts/billing';
import { ApiError } from '@/lib/api-client';
import type { SubscriptionPeriod } from '@/lib/charge-popup';
import { useSession } from '@/lib/session-store';
import { useZarinpalPayment } from '../api/get-zarinpal-payment';

export type PaymentResult = {
  /**
   * ok / failed: as recorded; loading: being read; sign-in: a signed-out visitor cannot read it;
   * error: it could not be read (`error` says why).
   */
  status: 'ok' | 'failed' | 'loading' | 'sign-in' | 'error';
  error?: unknown;
  /** The gateway's reference id. */
  code: string | null;
  /** Tomans. */
  amount: number | null;
  goal: string | null;
  planName: string | null;
  period: SubscriptionPeriod;
};

const nothingKnown = { code: null, amount: null, goal: null, planName: null, period: 'Monthly' } as const;

/** The result page's query (spec §2: status, code, amount, goal, plan_name, period), for /buy_plan_res. */
export function parsePaymentResult(search: URLSearchParams): PaymentResult {
  const amount = search.get('amount');
  return {
    status: search.get('status')?.toUpperCase() === 'OK' ? 'ok' : 'failed',
    code: search.get('code') || null,
    amount: amount !== null && /^\d+$/.test(amount) ? Number(amount) : null,
    goal: search.get('goal'),
    planName: search.get('plan_name')?.trim() || null,
    period: search.get('period') === 'Yearly' ? 'Yearly' : 'Monthly',
  };
}

function fromRecord(payment: ZarinpalPayment): PaymentResult {
  return {
    // Pending (verify unanswered) reads as failed, as the callback says it: the job may credit it later.
    status: payment.state === 'paid' ? 'ok' : 'failed',
    code: payment.code,
    amount: payment.amount,
    goal: payment.goal,
    planName: payment.plan_name,
    period: payment.period ?? 'Monthly',
  };
}

/**
 * What the result page reports. At the transaction result it is the server's record of the
 * payment the URL's `authority` names — anyone can type `status=OK&amount=…` into a URL, so the
 * URL's status, code, amount, goal and plan are never shown or acted on. At /buy_plan_res (a plan
 * bought from the wallet, no payment) it is the URL, as before.
 */
export function useRecordedPayment(atTransactionResult: boolean, search: URLSearchParams): PaymentResult {
  const { token } = useSession();
  const authority = search.get('authority')?.trim() || null;
  const lookup = useZarinpalPayment(authority, atTransactionResult && token !== null);
  if (!atTransactionResult) return parsePaymentResult(search);
  // The callback names no authority only when it knew no payment for it.
  if (authority === null) return { ...nothingKnown, status: 'failed' };
  if (token === null) return { ...nothingKnown, status: 'sign-in' };
  if (lookup.data) return fromRecord(lookup.data);
  if (lookup.error instanceof ApiError && lookup.error.status === 404) return { ...nothingKnown, status: 'failed' };
  if (lookup.error) return { ...nothingKnown, status: 'error', error: lookup.error };
  return { ...nothingKnown, status: 'loading' };
}
