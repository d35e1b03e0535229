import type { ServiceContext } from '../../context';
import type { EmailTokenPurpose } from '../../db/schema/index';
import type { Transaction } from '../../db/transaction';
import { AppError } from '../../errors';
import { enqueueMail } from '../mail/mail.jobs';
import { passwordResetMail, verificationMail } from '../mail/mail.templates';
import { consumeEmailToken, insertEmailToken } from './email-tokens.repository';
import { generateSecret, hashSecret } from './secrets';

const HOUR_MS = 60 * 60 * 1000;

/** The links mailed to the account's own address (an email change mails the new one: email-change.service.ts). */
export type AccountLinkPurpose = Exclude<EmailTokenPurpose, 'change_email'>;

const linkKinds: Record<AccountLinkPurpose, { path: string; lifetimeMs: number; template: typeof verificationMail }> = {
  verify_email: { path: '/verify_email', lifetimeMs: 48 * HOUR_MS, template: verificationMail },
  reset_password: { path: '/reset_password', lifetimeMs: HOUR_MS, template: passwordResetMail },
};

/** Issues a single-use token and enqueues the mail with its link, in the caller's transaction. */
export async function sendEmailLink(
  context: ServiceContext,
  transaction: Transaction,
  user: { id: number; email: string },
  purpose: AccountLinkPurpose,
): Promise<void> {
  const kind = linkKinds[purpose];
  const token = generateSecret();
  await insertEmailToken(transaction.db, {
    userId: user.id,
    purpose,
    tokenHash: hashSecret(token),
    expiresAt: new Date(context.now().getTime() + kind.lifetimeMs),
  });
  const link = new URL(kind.path, context.config.DASHBOARD_URL);
  link.searchParams.set('token', token);
  link.searchParams.set('email', user.email);
  const mail = kind.template({ productName: context.config.PRODUCT_NAME, to: user.email, link: link.toString() });
  await enqueueMail(context.jobs, mail, transaction);
}

export const invalidLink = () => new AppError('INVALID_TOKEN', 'This link is invalid or has expired.');

/** Uses a mailed link's token once, in the caller's transaction; returns its user or throws INVALID_TOKEN. */
export async function consumeEmailLink(
  context: ServiceContext,
  transaction: Transaction,
  purpose: AccountLinkPurpose,
  link: { email: string; token: string },
): Promise<number> {
  const userId = await consumeEmailToken(transaction.db, {
    purpose,
    tokenHash: hashSecret(link.token),
    email: link.email,
    now: context.now(),
  });
  if (!userId) throw invalidLink();
  return userId;
}
