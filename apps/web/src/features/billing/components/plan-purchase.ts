import { CHARGE_MAX_TOMANS, CHARGE_MIN_TOMANS } from '@paydar/contracts/billing';
import { ENTERPRISE_LEVEL, type Plan, YEARLY_MULTIPLIER } from '@paydar/contracts/plans';
import type { SubscriptionPeriod } from '@/lib/charge-popup';

/** The rules of spec §4 "Plan purchase" and §9 (yearly = 12 months), without the screens. */

/** What a plan costs for a period, in Tomans. */
export function planPrice(plan: Pick<Plan, 'default_cost'>, period: SubscriptionPeriod): number {
  return plan.default_cost * (period === 'Yearly' ? YEARLY_MULTIPLIER : 1);
}

/** Upgrade is offered only above the current level, and never for Enterprise (priced per customer). */
export function canUpgrade(plan: Pick<Plan, 'level'>, currentLevel: number): boolean {
  return plan.level > currentLevel && plan.level !== ENTERPRISE_LEVEL;
}

/**
 * The charge that tops the wallet up to the price: the missing amount, but never below the smallest
 * charge the gateway takes, nor above the largest (a yearly plan can cost more than one charge may
 * bring; the result page then says the wallet is still short).
 */
export function topUpAmount(price: number, balance: number): number {
  return Math.min(CHARGE_MAX_TOMANS, Math.max(CHARGE_MIN_TOMANS, price - balance));
}

/** /finance with the query that opens the Charge popup for this plan (spec §2 route table). */
export function topUpPath(planName: string, period: SubscriptionPeriod, amount: number): string {
  const query = new URLSearchParams({
    goal: 'buy_plan',
    amount: String(amount),
    plan_name: planName,
    yearly: String(period === 'Yearly'),
  });
  return `/finance?${query}`;
}
