import { YEARLY_MULTIPLIER } from '@paydar/contracts/billing';
import type { ProtocolType } from '@paydar/contracts/monitors-options';
import type { PlanSpecifications } from '@paydar/contracts/plans';
import { planIncludesProtocol } from '@paydar/domain/plan-limits';
import { renewsFromWallet as renewedFromWallet, isSoldFromWallet as soldFromWallet } from '@paydar/domain/plan-renewal';

/**
 * The pure rules of buying, renewing and leaving a plan: prices, period ends, the pro-rata credit
 * and which monitors a smaller plan switches off. No clock and no database: `now` is passed in.
 */

export type SubscriptionPeriod = 'Monthly' | 'Yearly';

/** What one period of a plan costs, in Tomans: the monthly cost, × 12 for a year (spec §9). */
export function priceOf(monthlyCost: number, period: SubscriptionPeriod): number {
  return monthlyCost * (period === 'Yearly' ? YEARLY_MULTIPLIER : 1);
}

/** The domain rule (`@paydar/domain/plan-renewal`, shared with the web) for a plan row. */
export function isSoldFromWallet(plan: { level: number; defaultCost: number }): boolean {
  return soldFromWallet({ level: plan.level, monthlyCost: plan.defaultCost });
}

/** Whether the wallet renews this subscription when it ends: a plan it sells, bought for a period. */
export function renewsFromWallet(plan: { level: number; defaultCost: number }, period: SubscriptionPeriod | null) {
  return renewedFromWallet({ level: plan.level, monthlyCost: plan.defaultCost }, period);
}

/**
 * Where a renewed period starts: where the old one ended, so paid time joins up; but when the old
 * end is so far back that the renewed period would be over already (no server ran for a whole
 * period), it starts now, so one renewal never pays for time that has passed.
 */
export function renewalStart(previousEnd: Date, period: SubscriptionPeriod, now: Date): Date {
  return addPeriod(previousEnd, period) > now ? previousEnd : now;
}

/**
 * The end of a period that starts at `start`: calendar months in UTC, the day held back to the
 * last day of a shorter month (31 January + 1 month = 28 or 29 February), so a period never
 * swallows part of the month after it.
 */
export function addPeriod(start: Date, period: SubscriptionPeriod): Date {
  const months = period === 'Yearly' ? 12 : 1;
  const day = start.getUTCDate();
  const end = new Date(start);
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/**
 * The unused part of a paid period, credited back when the plan is changed before it ends:
 * floor(paid × (end − now) / (end − start)), in whole Tomans rounded down (the user is never
 * credited a fraction we did not take). Nothing when nothing was paid or the period is over; the
 * whole amount when it has not started yet. BigInt because Tomans × milliseconds passes 2^53.
 */
export function unusedCredit(paid: number, period: { start: Date; end: Date }, now: Date): number {
  const total = period.end.getTime() - period.start.getTime();
  if (paid <= 0 || total <= 0) return 0;
  const remaining = Math.min(Math.max(period.end.getTime() - now.getTime(), 0), total);
  return Number((BigInt(paid) * BigInt(remaining)) / BigInt(total));
}

export interface MonitorUnderLimits {
  id: number;
  protocolType: ProtocolType;
  periodSeconds: number;
  httpMethod: string;
  /** Users cannot toggle a protected monitor, so nothing here switches one off either. */
  isProtected: boolean;
}

/**
 * Which of a user's enabled monitors (given newest first) a plan does not carry, newest first:
 * every monitor whose protocol, HTTP method or period the plan does not allow, then, of those
 * left, the newest beyond MAXIMUM_MONITOR_COUNT — the oldest monitors are the ones kept. Protected
 * monitors are never picked but take their place in the count.
 */
export function monitorsBeyondPlan(enabledNewestFirst: MonitorUnderLimits[], plan: PlanSpecifications): number[] {
  const outside = (monitor: MonitorUnderLimits) => {
    if (!planIncludesProtocol(plan, monitor.protocolType)) return true;
    if (monitor.protocolType === 'HTTP') {
      const methods: readonly string[] = plan.PROTOCOL.HTTP?.AVAILABLE_METHODS ?? [];
      if (!methods.includes(monitor.httpMethod)) return true;
    }
    return monitor.periodSeconds < plan.MINIMUM_MONITOR_PERIOD;
  };
  const picked = new Set(
    enabledNewestFirst.filter((monitor) => !monitor.isProtected && outside(monitor)).map((monitor) => monitor.id),
  );
  const kept = enabledNewestFirst.filter((monitor) => !picked.has(monitor.id));
  let excess = kept.length - plan.MAXIMUM_MONITOR_COUNT;
  for (const monitor of kept) {
    if (excess <= 0) break;
    if (monitor.isProtected) continue;
    picked.add(monitor.id);
    excess -= 1;
  }
  return enabledNewestFirst.filter((monitor) => picked.has(monitor.id)).map((monitor) => monitor.id);
}
