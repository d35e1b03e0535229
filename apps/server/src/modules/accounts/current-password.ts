import type { ServiceContext } from '../../context';
import { invalidField } from '../../errors';
import { accountLimits } from './accounts.limits';
import { verifyPassword } from './passwords';
import { findUserById } from './users.repository';

/**
 * Asks a signed-in user for their password before a change that could take the account over
 * (email, password): a session alone — a borrowed laptop, a stolen key — is not enough.
 * Wrong answers are limited per user, like logins.
 */
export async function checkCurrentPassword(
  context: ServiceContext,
  userId: number,
  password: string | undefined,
  missingText: string,
): Promise<void> {
  if (!password) throw invalidField('current_password', missingText);
  const limits = accountLimits.currentPassword(userId);
  const now = context.now();
  await context.rateLimiter.consume(limits, now);
  const user = await findUserById(context.db, userId);
  if (!(await verifyPassword(user?.passwordHash, password)))
    throw invalidField('current_password', 'The password is not correct.');
  await context.rateLimiter.refund(limits, now);
}
