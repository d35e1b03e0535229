import { signupTimeSettings } from '@paydar/contracts/calendars';
import type { ServiceContext } from '../../context';
import { AppError } from '../../errors';
import { FREE_PLAN_NAME } from '../plans/plans.catalogue';
import { activateFreePlan } from '../plans/plans.repository';
import { accountLimits } from './accounts.limits';
import { sendEmailLink } from './email-links';
import { hashPassword } from './passwords';
import { openSession } from './session.service';
import { insertUser } from './users.repository';

export const emailTaken = () =>
  new AppError('EMAIL_TAKEN', 'A user with this email already exists.', {
    email: ['A user with this email already exists.'],
  });

/**
 * Creates the user on the Free plan, sends the verification mail and logs the user in — all or
 * nothing. The zone the browser reported becomes the account's, with its calendar (Jalali in Iran).
 */
export async function register(
  context: ServiceContext,
  input: { email: string; password: string; time_zone?: string },
  ip: string,
): Promise<{ key: string }> {
  await context.rateLimiter.consume(accountLimits.register(ip), context.now());
  const passwordHash = await hashPassword(input.password);
  return context.runInTransaction(async (transaction) => {
    const user = await insertUser(transaction.db, {
      email: input.email,
      passwordHash,
      ...signupTimeSettings(input.time_zone),
    });
    if (!user) throw emailTaken();
    await activateFreePlan(transaction.db, user.id, FREE_PLAN_NAME);
    await sendEmailLink(context, transaction, user, 'verify_email');
    return { key: await openSession(transaction.db, user.id) };
  });
}
