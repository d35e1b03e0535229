import type { buyPlanBody } from '@paydar/contracts/billing';
import { ENTERPRISE_LEVEL, type Subscription } from '@paydar/contracts/plans';
import { formatTomans } from '@paydar/domain/format';
import type { z } from 'zod';
import type { Caller, ServiceContext } from '../../context';
import { refuseDemo } from '../../demo-guard';
import { AppError, invalidField } from '../../errors';
import { postLedgerEntry } from '../ledger/ledger.repository';
import { FREE_PLAN_NAME } from '../plans/plans.catalogue';
import { presentSubscription } from '../plans/plans.presenter';
import {
  activateFreePlan,
  findActiveSubscription,
  findPlanByName,
  type PlanRow,
  replaceActiveSubscription,
} from '../plans/plans.repository';
import { addPeriod, isSoldFromWallet, priceOf, unusedCredit } from './subscription-rules';
import { lockWallet, paidAmountOf } from './subscriptions.repository';

export type BuyPlanInput = z.infer<typeof buyPlanBody>;

export const planLabel = (planName: string, period: string | null) =>
  period ? `Plan ${planName} (${period})` : `Plan ${planName}`;

/** The plan asked for, when the wallet may buy it; otherwise a 400 naming plan_name. */
async function purchasablePlan(context: ServiceContext, name: string): Promise<PlanRow> {
  const plan = await findPlanByName(context.db, name);
  if (!plan?.isActive) throw invalidField('plan_name', `There is no plan named ${name} on sale.`);
  if (plan.level >= ENTERPRISE_LEVEL) {
    throw invalidField('plan_name', `The ${plan.name} plan is sold by contract: contact us.`);
  }
  if (!isSoldFromWallet(plan)) {
    throw invalidField(
      'plan_name',
      plan.name === FREE_PLAN_NAME
        ? 'The Free plan is not bought: every account falls back to it by itself.'
        : `The ${plan.name} plan costs nothing and is not bought.`,
    );
  }
  return plan;
}

/**
 * POST /api/v2/users/subscriptions/buy: takes the price from the wallet and starts the plan, in
 * one transaction, under the user's row lock (so a second request waits and then sees the
 * first's result). Changing plan during a paid period first credits its unused part
 * (README: "Pro-rata credit"). Buying the plan and period you already have, while it runs,
 * takes nothing and answers the subscription you have — a double click, a retried request or a
 * resumed payment-result page must never pay twice; renewal happens from the wallet at expiry.
 */
export async function buyPlan(context: ServiceContext, caller: Caller, input: BuyPlanInput): Promise<Subscription> {
  refuseDemo(caller);
  if (!caller.isVerified) throw new AppError('FORBIDDEN', 'Verify your email address first.');
  const plan = await purchasablePlan(context, input.plan_name);
  const price = priceOf(plan.defaultCost, input.period);
  const now = context.now();
  const label = planLabel(plan.name, input.period);

  const subscription = await context.runInTransaction(async ({ db }) => {
    const wallet = await lockWallet(db, caller.userId);
    if (!wallet) throw new AppError('NOT_AUTHENTICATED', 'Your account no longer exists.');
    let current = await findActiveSubscription(db, caller.userId);
    if (!current) {
      // Every account has a subscription; one without gets Free first, so the purchase key names a subscription.
      await activateFreePlan(db, caller.userId, FREE_PLAN_NAME);
      current = await findActiveSubscription(db, caller.userId);
      if (!current) throw new Error(`no Free plan for user ${caller.userId}`);
    }
    const runs = current.expireTime !== null && current.expireTime > now;
    if (runs && current.planId === plan.id && current.period === input.period) return current;
    if (runs && plan.level < current.plan.level) {
      throw invalidField(
        'plan_name',
        `You are on the ${current.plan.name} plan until ${current.expireTime?.toISOString().slice(0, 10)}; a lower plan can be bought after it ends.`,
      );
    }
    const credit =
      runs && current.expireTime
        ? unusedCredit(await paidAmountOf(db, current), { start: current.startTime, end: current.expireTime }, now)
        : 0;
    if (wallet.balance + credit < price) {
      const back = credit > 0 ? ` plus ${formatTomans(credit)} back for the unused part of your plan` : '';
      throw new AppError(
        'INSUFFICIENT_BALANCE',
        `Your credit is not enough for ${label}: it costs ${formatTomans(price)} and you have ${formatTomans(wallet.balance)}${back}. Charge at least ${formatTomans(price - wallet.balance - credit)}.`,
      );
    }
    if (credit > 0) {
      await postLedgerEntry(
        db,
        {
          userId: caller.userId,
          amount: credit,
          source: 'plan_proration',
          description: `Unused part of ${planLabel(current.plan.name, current.period)}`,
          idempotencyKey: `proration:${current.id}`,
        },
        now,
      );
    }
    // The ledger still refuses a debit the balance does not cover: the check above only words it.
    const debit = await postLedgerEntry(
      db,
      {
        userId: caller.userId,
        amount: -price,
        source: 'plan_purchase',
        description: label,
        idempotencyKey: `purchase:${current.id}:${plan.name}:${input.period}`,
      },
      now,
    );
    // Under the row lock a purchase from this subscription cannot have been posted before; if it
    // was, starting the plan again would give it away unpaid.
    if (!debit.created) throw new AppError('CONFLICT', 'This purchase was already made.');
    const started = await replaceActiveSubscription(db, {
      userId: caller.userId,
      planId: plan.id,
      period: input.period,
      now,
      expireTime: addPeriod(now, input.period),
    });
    return { ...started, plan };
  });
  return presentSubscription(subscription);
}
