import type { ServiceContext } from '../../context';
import { accountLimits } from './accounts.limits';
import { requestEmailLink } from './email-link-requests';
import { consumeEmailLink } from './email-links';
import { markLoginVerified } from './login-verified';
import { openSession } from './session.service';

export const VERIFICATION_SENT_TEXT = 'Verification email has been sent.';
/** Why a verification link no longer works: the page says so and offers a new email. */
export const VERIFICATION_LINK_TEXTS = {
  expired: 'This verification link has expired.',
  used: 'This verification link has already been used.',
} as const;

/** Answers the same, in the same time, whether or not the email is registered (email-link-requests.ts). */
export async function sendVerificationToken(context: ServiceContext, email: string, ip: string): Promise<void> {
  await context.rateLimiter.consume(accountLimits.resendVerification(ip, email), context.now());
  await requestEmailLink(context, 'verify_email', email);
}

/** Uses the token once, marks the email verified and opens a session; an expired or used link says which. */
export async function verifyEmail(
  context: ServiceContext,
  input: { email: string; token: string },
): Promise<{ result: string }> {
  return context.runInTransaction(async (transaction) => {
    const userId = await consumeEmailLink(context, transaction, 'verify_email', input, VERIFICATION_LINK_TEXTS);
    await markLoginVerified(transaction.db, userId);
    return { result: await openSession(transaction.db, userId) };
  });
}
