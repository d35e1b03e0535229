import { emailField } from '@paydar/contracts/accounts';
import type { ServiceContext } from '../context';
import { findUserByEmail } from '../modules/accounts/users.repository';
import { FREE_PLAN_NAME } from '../modules/plans/plans.catalogue';
import { findPlanByName, listActivePlans, replaceActiveSubscription } from '../modules/plans/plans.repository';
import { UsageError } from './admin.commands';

/**
 * Puts a user on a plan without payment, as an operator does for an Enterprise contract or a
 * support gesture: the active subscription ends and the plan starts now for `months` months
 * (Free never ends).
 */
export async function setUserPlan(
  context: ServiceContext,
  emailArgument: string | undefined,
  planName: string | undefined,
  monthsArgument: string | undefined,
): Promise<string> {
  const parsedEmail = emailField.safeParse(emailArgument ?? '');
  if (!parsedEmail.success) throw new UsageError(`not a valid email: ${emailArgument ?? '(missing)'}`);
  const months = monthsArgument === undefined ? 1 : Number(monthsArgument);
  if (!Number.isInteger(months) || months < 1 || months > 120) throw new UsageError('--months must be 1 to 120');
  const plan = planName ? await findPlanByName(context.db, planName) : undefined;
  if (!plan) {
    const names = (await listActivePlans(context.db)).map((row) => row.name).join(', ');
    throw new UsageError(`no plan ${planName ?? '(missing)'}; plans: ${names}`);
  }
  const user = await findUserByEmail(context.db, parsedEmail.data);
  if (!user) throw new UsageError(`no user ${parsedEmail.data}`);
  const now = context.now();
  const forever = plan.name === FREE_PLAN_NAME;
  const expireTime = forever ? null : new Date(now);
  expireTime?.setUTCMonth(expireTime.getUTCMonth() + months);
  await context.runInTransaction((transaction) =>
    replaceActiveSubscription(transaction.db, {
      userId: user.id,
      planId: plan.id,
      period: forever ? null : months % 12 === 0 ? 'Yearly' : 'Monthly',
      now,
      expireTime,
    }),
  );
  return `${user.email} is on ${plan.name}${expireTime ? ` until ${expireTime.toISOString()}` : ''}.`;
}
