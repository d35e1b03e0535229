import type { autoRenewBody, Subscription } from '@paydar/contracts/plans';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Caller, ServiceContext } from '../../context';
import { subscriptions } from '../../db/schema/index';
import { refuseDemo } from '../../demo-guard';
import { AppError, invalidField } from '../../errors';
import { presentSubscription } from '../plans/plans.presenter';
import { findActiveSubscription } from '../plans/plans.repository';
import { renewsFromWallet } from './subscription-rules';
import { lockWallet } from './subscriptions.repository';

export const AUTO_RENEW_PATH = '/api/v1/users/subscriptions/auto_renew';

/**
 * `PATCH /api/v1/users/subscriptions/auto_renew`: whether the running plan renews from the wallet
 * when it ends. Off, the expiry job moves the account to Free at the end instead of taking the
 * price — the way to leave a paid plan, or to move to a lower one after it. Under the wallet lock,
 * so it cannot slip between the expiry job reading the subscription and renewing it.
 */
export async function setAutoRenew(
  context: ServiceContext,
  caller: Caller,
  body: z.infer<typeof autoRenewBody>,
): Promise<Subscription> {
  refuseDemo(caller);
  return context.runInTransaction(async ({ db }) => {
    if (!(await lockWallet(db, caller.userId)))
      throw new AppError('NOT_AUTHENTICATED', 'Your account no longer exists.');
    const current = await findActiveSubscription(db, caller.userId);
    if (!current || !renewsFromWallet(current.plan, current.period)) {
      const name = current?.plan.name ?? 'current';
      throw invalidField(
        'auto_renew',
        `Your ${name} plan does not renew from your credit: there is no renewal to switch.`,
      );
    }
    const [updated] = await db
      .update(subscriptions)
      .set({ autoRenew: body.auto_renew })
      .where(eq(subscriptions.id, current.id))
      .returning();
    if (!updated) throw new Error(`subscription ${current.id} vanished under the wallet lock`);
    return presentSubscription({ ...updated, plan: current.plan });
  });
}
