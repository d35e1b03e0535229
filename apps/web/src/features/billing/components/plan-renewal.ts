import { ENTERPRISE_LEVEL, type Subscription } from '@paydar/contracts/plans';
import { renewsFromWallet as renewedFromWallet } from '@paydar/domain/plan-renewal';
import { planPrice } from './plan-purchase';

/** What the running plan does when it ends, as the 'Your Plan' card tells it; without the screens. */

/**
 * Whether the wallet renews this subscription when it ends, so its renewal can be switched: the
 * server's rule (`@paydar/domain/plan-renewal`) for a subscription with an end.
 */
export function renewsFromWallet(subscription: Subscription): boolean {
  const plan = subscription.subscription_plan;
  return (
    subscription.expire_time !== null &&
    renewedFromWallet({ level: plan.level, monthlyCost: plan.default_cost }, subscription.period)
  );
}

export type PlanOutlook =
  /** No subscription, or a plan that costs nothing and never ends: Upgrade Plan is offered. */
  | { kind: 'free' }
  /** A plan with no end that is not Free (Enterprise by contract): nothing to say about an end. */
  | { kind: 'open' }
  /** Renews on `end` for `price`; `shortBy` > 0 when the credit does not cover it now. */
  | { kind: 'renews'; end: string; price: number; shortBy: number }
  /** Ends on `end`, then Free; `switchable` when the user may turn the renewal (back) on. */
  | { kind: 'ends'; end: string; switchable: boolean };

/**
 * What the card says about `subscription` (null: none active) given the credit `balance` in Tomans
 * (undefined while unknown: no shortfall is claimed).
 */
export function planOutlook(subscription: Subscription | null, balance: number | undefined): PlanOutlook {
  if (!subscription) return { kind: 'free' };
  const plan = subscription.subscription_plan;
  const end = subscription.expire_time;
  if (end === null) {
    return plan.default_cost === 0 && plan.level < ENTERPRISE_LEVEL ? { kind: 'free' } : { kind: 'open' };
  }
  const renewable = renewsFromWallet(subscription);
  if (renewable && subscription.auto_renew && subscription.period !== null) {
    const price = planPrice(plan, subscription.period);
    return { kind: 'renews', end, price, shortBy: balance === undefined ? 0 : Math.max(0, price - balance) };
  }
  return { kind: 'ends', end, switchable: renewable };
}

/** 'Silver · Monthly', or the name alone when the plan has no period (Free, a plan an operator granted). */
export function planLabel(subscription: Subscription | null): string {
  if (!subscription) return 'Free';
  const name = subscription.subscription_plan.name;
  return subscription.period ? `${name} · ${subscription.period}` : name;
}
