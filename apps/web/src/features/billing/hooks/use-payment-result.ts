import type { Subscription } from '@paydar/contracts/plans';
import { useEffect, useRef, useState } from 'react';
import { trackOnce } from '@/lib/analytics';
import { useProfile } from '@/lib/auth';
import { useSession } from '@/lib/session-store';
import { useActiveSubscription } from '@/lib/subscription';
import { useBuyPlan } from '../api/buy-plan';
import { useRecordedPayment } from './use-recorded-payment';

/** Where the gateway's callback sends the browser; /buy_plan_res shows the same screen (spec §2). */
export const TRANSACTION_RESULT_PATH = '/zarinpal_transaction_result';

/**
 * What became of the plan the payment was for:
 * - none: the payment was not for a plan (or failed);
 * - active: the plan is the user's now, as the server says ('Plan {name} activated!');
 * - confirming / unconfirmed: at /buy_plan_res, reading the active plan, then not finding it the
 *   named one (or not able to read it): the URL alone never says a plan was activated;
 * - checking / buying: reading the subscription, then buying;
 * - failed: the purchase was refused (`error`);
 * - sign-in: the profile cannot be read (the session ended), so nothing can be bought.
 */
export type PlanOutcome =
  | { state: 'none' }
  | { state: 'active' | 'checking' | 'buying' | 'sign-in' | 'confirming' | 'unconfirmed'; plan: string }
  | { state: 'failed'; plan: string; error: unknown };

const hasPlan = (subscription: Subscription | null | undefined, name: string) =>
  subscription?.subscription_plan.name === name;

/**
 * Spec §4 "Payment result": on OK at the transaction-result path a purchase event goes to analytics
 * (currency tag TRY); when goal is buy_plan a plan-upgrade event is recorded; and when goal is
 * buy_plan, a plan name is present, the path is the transaction result and the plan is not already
 * subscribed, the purchase starts with the plan name and period.
 *
 * Everything here follows the payment as the server recorded it (useRecordedPayment), never the
 * URL. The purchase also needs the payment paid: a failed one brought no money, and buying anyway
 * would spend whatever the wallet held before on a purchase the user was not asked to confirm.
 */
export function usePaymentResult(pathname: string, search: URLSearchParams) {
  const atTransactionResult = pathname === TRANSACTION_RESULT_PATH;
  const result = useRecordedPayment(atTransactionResult, search);
  const ok = result.status === 'ok';
  const settled = ok || result.status === 'failed';
  const key = search.toString();
  const { code, amount, goal, planName, period } = result;

  useEffect(() => {
    // Only what the server recorded counts, once it is known.
    if (!settled) return;
    // Once per tab and payment: a reload must not count the same payment again.
    if (ok && atTransactionResult) {
      trackOnce(`purchase:${code ?? key}`, { name: 'purchase', transaction_id: code, value: amount, currency: 'TRY' });
    }
    if (goal === 'buy_plan') {
      trackOnce(`plan_upgrade:${pathname}?${key}`, {
        name: 'plan_upgrade',
        plan_name: planName,
        period,
        status: ok ? 'OK' : 'NOK',
      });
    }
  }, [settled, ok, code, amount, goal, planName, period, key, atTransactionResult, pathname]);

  const profile = useProfile();
  const signedIn = useSession().token !== null;
  const wantsPurchase = ok && goal === 'buy_plan' && planName !== null && atTransactionResult;
  // /buy_plan_res names a plan bought from the wallet before the browser came here: shown only
  // once the user's active subscription is that plan, since anyone can type the query.
  const claimsPlan = ok && goal !== 'charge' && planName !== null && !atTransactionResult;
  const subscription = useActiveSubscription((wantsPurchase || claimsPlan) && profile.isSuccess);
  const { mutate: buy, error: buyError } = useBuyPlan();
  const started = useRef(false);
  const [phase, setPhase] = useState<'idle' | 'buying' | 'bought' | 'failed'>('idle');

  const alreadyHas = hasPlan(subscription.data, planName ?? '');
  const shouldBuy = wantsPurchase && subscription.isSuccess && !alreadyHas;
  useEffect(() => {
    // Once per visit, even when the subscription is read again while the purchase runs (and under
    // StrictMode's second run of effects); the server charges once per plan and period anyway.
    if (!shouldBuy || started.current || planName === null) return;
    started.current = true;
    setPhase('buying');
    buy({ plan_name: planName, period }, { onSuccess: () => setPhase('bought'), onError: () => setPhase('failed') });
  }, [shouldBuy, planName, period, buy]);

  let plan: PlanOutcome = { state: 'none' };
  if (ok && planName !== null) {
    if (claimsPlan) {
      if (alreadyHas) plan = { state: 'active', plan: planName };
      else if (!signedIn || profile.isError || subscription.isError || subscription.isSuccess)
        plan = { state: 'unconfirmed', plan: planName };
      else plan = { state: 'confirming', plan: planName };
    } else if (atTransactionResult && goal === 'buy_plan') {
      if (profile.isError) plan = { state: 'sign-in', plan: planName };
      else if (phase === 'bought' || (phase === 'idle' && alreadyHas)) plan = { state: 'active', plan: planName };
      else if (phase === 'failed') plan = { state: 'failed', plan: planName, error: buyError };
      // Without knowing the current plan nothing is bought (it may be the one paid for already).
      else if (phase === 'idle' && subscription.isError)
        plan = { state: 'failed', plan: planName, error: subscription.error };
      else if (phase === 'buying') plan = { state: 'buying', plan: planName };
      else plan = { state: 'checking', plan: planName };
    }
  }

  return { result, plan };
}
