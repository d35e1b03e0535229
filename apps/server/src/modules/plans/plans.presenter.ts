import type { Plan, Subscription } from '@paydar/contracts/plans';
import { renewsFromWallet } from '../subscriptions/subscription-rules';
import type { PlanRow, SubscriptionRow } from './plans.repository';

export function presentPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    level: row.level,
    default_cost: row.defaultCost,
    description: row.description as Plan['description'],
    specifications: row.specifications,
    image_url: row.imageUrl,
    is_active: row.isActive,
  };
}

export function presentSubscription(row: SubscriptionRow & { plan: PlanRow }): Subscription {
  return {
    id: row.id,
    is_active: row.isActive,
    period: row.period,
    start_time: row.startTime.toISOString(),
    expire_time: row.expireTime?.toISOString() ?? null,
    auto_renew: row.autoRenew && renewsFromWallet(row.plan, row.period),
    subscription_plan: presentPlan(row.plan),
  };
}
