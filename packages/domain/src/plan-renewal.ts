import { ENTERPRISE_LEVEL } from '@paydar/contracts/plans';

/**
 * Which plans the wallet sells and renews (spec §4 "Plan purchase"; the server's expiry job and the
 * Billing page's "Renew automatically" switch both follow it).
 */

/** A plan the wallet can pay for: not Enterprise (sold by contract) and not free of charge. */
export function isSoldFromWallet(plan: { level: number; monthlyCost: number }): boolean {
  return plan.level < ENTERPRISE_LEVEL && plan.monthlyCost > 0;
}

/** A subscription the wallet renews when it ends: such a plan, bought for a period. */
export function renewsFromWallet(plan: { level: number; monthlyCost: number }, period: string | null): boolean {
  return period !== null && isSoldFromWallet(plan);
}
