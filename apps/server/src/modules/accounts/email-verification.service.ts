import type { ServiceContext } from '../../context';
import { AppError } from '../../errors';
import { accountLimits } from './accounts.limits';
import { sendEmailLink } from './email-links';
import { consumeEmailToken } from './email-tokens.repository';
import { hashSecret } from './secrets';
import { openSession } from './session.service';
import { findUserByEmail, updateUser } from './users.repository';

export const VERIFICATION_SENT_TEXT = 'Verification email has been sent.';
export const invalidLink = () => new AppError('INVALID_TOKEN', 'This link is invalid or has expired.');

/** Answers the same whether or not the email is registered, so it cannot be used to find accounts. */
export async function sendVerificationToken(context: ServiceContext, email: string, ip: string): Promise<void> {
  await context.rateLimiter.consume(accountLimits.resendVerification(ip, email), context.now());
  const user = await findUserByEmail(context.db, email);
  if (!user || user.isVerified || user.isDemo) return;
  await context.runInTransaction((transaction) => sendEmailLink(context, transaction, user, 'verify_email'));
}

/** Uses the token once, marks the email verified and opens a session. */
export async function verifyEmail(
  context: ServiceContext,
  input: { email: string; token: string },
): Promise<{ result: string }> {
  return context.runInTransaction(async (transaction) => {
    const userId = await consumeEmailToken(transaction.db, {
      purpose: 'verify_email',
      tokenHash: hashSecret(input.token),
      email: input.email,
      now: context.now(),
    });
    if (!userId) throw invalidLink();
    await updateUser(transaction.db, userId, { isVerified: true });
    return { result: await openSession(transaction.db, userId) };
  });
}
