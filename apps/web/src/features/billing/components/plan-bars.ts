import { ENTERPRISE_LEVEL, type Plan, REFERENCE_PLAN_LEVEL } from '@paydar/contracts/plans';
import { formatNumber, formatSeconds } from '@paydar/domain/format';

/**
 * The bars of a plan card (spec §6, §9): each specification against the level-3 plan's (a full bar
 * is "as much as Gold"), notifications against 1.3 × the most any plan gives, and Enterprise full
 * and 'Unlimited' everywhere.
 */
export type PlanBar = { label: string; value: string; percent: number };

/** The quantity bar's scale over the largest plan, so that plan's bar is not full either (spec §9). */
export const QUANTITY_SCALE = 1.3;

export const UNLIMITED = 'Unlimited';

const isEnterprise = (plan: Pick<Plan, 'level'>) => plan.level === ENTERPRISE_LEVEL;

/** The plan the spec bars are drawn against: level 3, else the highest level below Enterprise. */
export function referencePlan(plans: readonly Plan[]): Plan | undefined {
  const priced = plans.filter((plan) => !isEnterprise(plan));
  return (
    priced.find((plan) => plan.level === REFERENCE_PLAN_LEVEL) ??
    priced.reduce<Plan | undefined>((best, plan) => (!best || plan.level > best.level ? plan : best), undefined)
  );
}

/** The most notifications any plan but Enterprise (unlimited) gives. */
export function largestQuantity(plans: readonly Plan[]): number {
  return Math.max(
    0,
    ...plans.filter((plan) => !isEnterprise(plan)).map((plan) => plan.description.quantity.Notification),
  );
}

const percentOf = (value: number, full: number) =>
  full > 0 && Number.isFinite(value) ? Math.max(0, Math.min(100, (value / full) * 100)) : 0;

export type BarScale = { reference: Plan | undefined; largestQuantity: number };

export function barScale(plans: readonly Plan[]): BarScale {
  return { reference: referencePlan(plans), largestQuantity: largestQuantity(plans) };
}

export function planBars(plan: Plan, { reference, largestQuantity: most }: BarScale): PlanBar[] {
  const spec = plan.specifications;
  const ref = reference?.specifications;
  if (isEnterprise(plan)) {
    return ['Monitors', 'Check interval', 'Probers per monitor', 'History', 'Notifications'].map((label) => ({
      label,
      value: UNLIMITED,
      percent: 100,
    }));
  }
  return [
    {
      label: 'Monitors',
      value: formatNumber(spec.MAXIMUM_MONITOR_COUNT),
      percent: percentOf(spec.MAXIMUM_MONITOR_COUNT, ref?.MAXIMUM_MONITOR_COUNT ?? 0),
    },
    {
      // Shorter is better: the reference's period over this plan's.
      label: 'Check interval',
      value: formatSeconds(spec.MINIMUM_MONITOR_PERIOD),
      percent: percentOf(ref?.MINIMUM_MONITOR_PERIOD ?? 0, spec.MINIMUM_MONITOR_PERIOD),
    },
    {
      label: 'Probers per monitor',
      value: formatNumber(spec.PROBERS),
      percent: percentOf(spec.PROBERS, ref?.PROBERS ?? 0),
    },
    {
      label: 'History',
      value: `${formatNumber(spec.METRIC_HISTORY_DAYS)} days`,
      percent: percentOf(spec.METRIC_HISTORY_DAYS, ref?.METRIC_HISTORY_DAYS ?? 0),
    },
    {
      label: 'Notifications',
      value: formatNumber(plan.description.quantity.Notification),
      percent: percentOf(plan.description.quantity.Notification, most * QUANTITY_SCALE),
    },
  ];
}
