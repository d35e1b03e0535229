import { PAYMENT_GOALS } from '@paydar/contracts/billing';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { type ChargeRequest, openChargePopup } from '@/lib/charge-popup';

/**
 * /finance's query (spec §2 route table: goal, amount, plan_name, yearly) as what the Charge popup
 * is pre-filled with; null when the query asks for nothing. The Plans popup sends users here to top
 * up the missing amount for a plan (spec §4).
 */
export function parseFinanceQuery(search: URLSearchParams): ChargeRequest | null {
  const goal = search.get('goal');
  const rawAmount = search.get('amount');
  const amount = rawAmount !== null && /^\d+$/.test(rawAmount.trim()) ? Number(rawAmount) : undefined;
  const planName = search.get('plan_name')?.trim();
  const knownGoal = goal !== null && (PAYMENT_GOALS as readonly string[]).includes(goal);
  if (!knownGoal && amount === undefined) return null;
  const request: ChargeRequest = {};
  if (amount !== undefined) request.amount = amount;
  if (goal === 'buy_plan' && planName) {
    request.plan = { name: planName, period: search.get('yearly') === 'true' ? 'Yearly' : 'Monthly' };
  }
  return request;
}

/** Opens the Charge popup once per visit with what the query asks for; returns it for the Charge button. */
export function useFinanceQuery(): ChargeRequest | null {
  const [search] = useSearchParams();
  const opened = useRef<string | null>(null);
  const key = search.toString();
  useEffect(() => {
    const request = parseFinanceQuery(new URLSearchParams(key));
    if (!request || opened.current === key) return;
    opened.current = key;
    openChargePopup(request);
  }, [key]);
  return parseFinanceQuery(search);
}
