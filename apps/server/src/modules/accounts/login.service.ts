import type { ServiceContext } from '../../context';
import { AppError } from '../../errors';
import { accountLimits } from './accounts.limits';
import { verifyPassword } from './passwords';
import { openSession } from './session.service';
import { findUserByEmail } from './users.repository';

/** The spec's text (§5), the same whether the email or the password was wrong. */
export const LOGIN_FAILED_TEXT = 'No user with username/password entered found!';

export async function login(
  context: ServiceContext,
  input: { email: string; password: string },
  ip: string,
): Promise<{ key: string }> {
  const limits = accountLimits.login(ip, input.email);
  const now = context.now();
  await context.rateLimiter.consume(limits, now);
  const user = await findUserByEmail(context.db, input.email);
  const passwordMatches = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordMatches) throw new AppError('INVALID_CREDENTIALS', LOGIN_FAILED_TEXT);
  // Only failures count: the owner signing in often never uses up their own allowance.
  await context.rateLimiter.refund(limits, now);
  return { key: await openSession(context.db, user.id) };
}

/** Limited per address; demo sessions are short-lived (session-lifetime.ts), so they cannot pile up. */
export async function loginAsDemo(context: ServiceContext, ip: string): Promise<{ key: string }> {
  await context.rateLimiter.consume(accountLimits.demoLogin(ip), context.now());
  const demo = await findUserByEmail(context.db, context.config.DEMO_EMAIL);
  if (!demo?.isDemo) throw new AppError('UNAVAILABLE', 'The demo account is not available right now.');
  return { key: await openSession(context.db, demo.id) };
}
