import { emailField } from '@paydar/contracts/accounts';
import type { ServiceContext } from '../context';
import { findUserByEmail } from '../modules/accounts/users.repository';
import { FREE_PLAN_NAME } from '../modules/plans/plans.catalogue';
import { presentPlan } from '../modules/plans/plans.presenter';
import {
  findPlanByName,
  insertPlan,
  listActivePlans,
  listAllPlans,
  type PlanRow,
  replaceActiveSubscription,
  updatePlanByName,
} from '../modules/plans/plans.repository';
import { UsageError } from './admin.commands';
import { type PlanFlags, type PlanInput, planAfterEdit, planToCreate } from './plan-input';

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

const planSummary = (row: PlanRow) =>
  `${row.name} (level ${row.level}, ${row.defaultCost.toLocaleString('en-US')} Tomans a month${row.isActive ? '' : ', not on sale'})`;

const toRow = (input: PlanInput) => ({
  name: input.name,
  level: input.level,
  defaultCost: input.default_cost,
  description: input.description,
  specifications: input.specifications,
  imageUrl: input.image_url,
  isActive: input.is_active,
});

/** Adds a plan (flags or a JSON file, checked with the contracts' plan schema); prints it as the API shows it. */
export async function createPlan(
  context: ServiceContext,
  nameArgument: string | undefined,
  flags: PlanFlags,
): Promise<string> {
  const input = await planToCreate(nameArgument, flags);
  const row = await insertPlan(context.db, toRow(input));
  if (!row) throw new UsageError(`a plan named ${input.name} exists already; change it with edit-plan`);
  return `Created plan ${planSummary(row)}:\n${JSON.stringify(presentPlan(row), null, 2)}`;
}

/**
 * Changes a plan. Running subscriptions keep what they paid for; a new price applies to the next
 * purchase and renewal; limits apply at once (a monitor beyond them is refused at its next save).
 */
export async function editPlan(
  context: ServiceContext,
  nameArgument: string | undefined,
  flags: PlanFlags,
): Promise<string> {
  if (!nameArgument) throw new UsageError('give the name of the plan to change');
  const existing = await findPlanByName(context.db, nameArgument);
  if (!existing) {
    const names = (await listAllPlans(context.db)).map((row) => row.name).join(', ');
    throw new UsageError(`no plan ${nameArgument}; plans: ${names}`);
  }
  const { id: _id, ...current } = presentPlan(existing);
  const input = await planAfterEdit(current, flags);
  if (existing.name === FREE_PLAN_NAME && (input.default_cost !== 0 || !input.is_active)) {
    throw new UsageError('the Free plan costs nothing and stays on: every account falls back to it');
  }
  const { name: _name, ...values } = toRow(input);
  const row = await updatePlanByName(context.db, existing.name, values);
  if (!row) throw new UsageError(`no plan ${existing.name}`);
  return `Changed plan ${planSummary(row)}:\n${JSON.stringify(presentPlan(row), null, 2)}`;
}
