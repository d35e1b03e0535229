import type { PlanSpecifications } from '@paydar/contracts/plans';
import { PLAN_LIMIT_TEXTS, statusPageLimit } from '@paydar/domain/plan-limits';
import { useActiveSubscription } from '@/lib/subscription';

/** The server's words when the user has no active plan (it refuses a new page then). */
export const NO_ACTIVE_PLAN_TEXT = 'You have no active plan.';

export type PageAllowance = {
  /** Pages the plan allows; null while the plan is unknown. */
  limit: number | null;
  /** Why no page can be added now, or null. */
  blockedBy: string | null;
};

/**
 * How many pages the plan allows and whether one more fits; `plan` undefined while it loads (the
 * server checks again), null without an active plan.
 */
export function pageAllowance(used: number, plan: PlanSpecifications | null | undefined): PageAllowance {
  if (plan === undefined) return { limit: null, blockedBy: null };
  if (plan === null) return { limit: null, blockedBy: NO_ACTIVE_PLAN_TEXT };
  const limit = statusPageLimit(plan);
  return { limit, blockedBy: used < limit ? null : PLAN_LIMIT_TEXTS.statusPageCount(limit) };
}

/** The allowance for the signed-in user's plan, with `used` pages. */
export function usePageAllowance(used: number): PageAllowance {
  const subscription = useActiveSubscription();
  const plan = subscription.isSuccess ? (subscription.data?.subscription_plan.specifications ?? null) : undefined;
  return pageAllowance(used, plan);
}
