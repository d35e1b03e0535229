import type { ServiceContext } from '../../context';
import { accountLimits } from './accounts.limits';
import { requestEmailLink } from './email-link-requests';
import { consumeEmailLink } from './email-links';
import { markLoginVerified } from './login-verified';
import { hashPassword } from './passwords';
import { openSession } from './session.service';
import { revokeAllSessions } from './sessions.repository';
import { updateUser } from './users.repository';

export const RESET_LINK_SENT_TEXT = 'If this email has an account, a reset password link is on its way.';

/** Answers the same, in the same time, whether or not the email is registered (email-link-requests.ts). */
export async function sendForgetPasswordEmail(context: ServiceContext, email: string, ip: string): Promise<void> {
  await context.rateLimiter.consume(accountLimits.forgotPassword(ip, email), context.now());
  await requestEmailLink(context, 'reset_password', email);
}

/**
 * Sets the new password, signs out every other session (whoever had the old password loses
 * access), marks the email verified (the link proved it) and signs the user in.
 */
export async function resetPassword(
  context: ServiceContext,
  input: { email: string; token: string; password: string },
): Promise<{ success: true; key: string }> {
  const passwordHash = await hashPassword(input.password);
  return context.runInTransaction(async (transaction) => {
    const userId = await consumeEmailLink(context, transaction, 'reset_password', input);
    await updateUser(transaction.db, userId, { passwordHash });
    await markLoginVerified(transaction.db, userId);
    await revokeAllSessions(transaction.db, userId, context.now());
    return { success: true as const, key: await openSession(transaction.db, userId) };
  });
}
