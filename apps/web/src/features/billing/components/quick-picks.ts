import { CHARGE_FALLBACK_PICKS } from '@paydar/contracts/billing';
import type { Plan } from '@paydar/contracts/plans';

/** Spec §9: the quick-picks are the Silver and Gold prices, falling back to 89,000 and 890,000. */
export function quickPicks(plans: readonly Plan[] | undefined): number[] {
  const price = (name: string, fallback: number) => {
    const plan = plans?.find((item) => item.name === name && item.is_active);
    return plan && plan.default_cost > 0 ? plan.default_cost : fallback;
  };
  const [silver, gold] = CHARGE_FALLBACK_PICKS;
  return [price('Silver', silver), price('Gold', gold)];
}
