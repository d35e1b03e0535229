import type { ServiceContext } from '../../context';
import type { EmailTokenPurpose } from '../../db/schema/index';
import type { Transaction } from '../../db/transaction';
import { AppError } from '../../errors';
import { enqueueMail } from '../mail/mail.jobs';
import { passwordResetMail, verificationMail } from '../mail/mail.templates';
import { consumeEmailToken, findEmailTokenState, insertEmailToken } from './email-tokens.repository';
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

/** The words for a link that no longer works, for a purpose whose page tells why (and offers a new one). */
export type RefusedLinkTexts = { expired: string; used: string };

/**
 * Uses a mailed link's token once, in the caller's transaction; returns its user. A refused link
 * throws INVALID_TOKEN, or — when `texts` are given — LINK_USED or LINK_EXPIRED for a real token of
 * this address that was used or has expired (knowing the token is knowing the link: nothing leaks).
 */
export async function consumeEmailLink(
  context: ServiceContext,
  transaction: Transaction,
  purpose: AccountLinkPurpose,
  link: { email: string; token: string },
  texts?: RefusedLinkTexts,
): Promise<number> {
  const now = context.now();
  const tokenHash = hashSecret(link.token);
  const userId = await consumeEmailToken(transaction.db, { purpose, tokenHash, email: link.email, now });
  if (userId) return userId;
  if (!texts) throw invalidLink();
  const state = await findEmailTokenState(transaction.db, { purpose, tokenHash, email: link.email });
  if (state?.usedAt) throw new AppError('LINK_USED', texts.used);
  if (state && state.expiresAt <= now) throw new AppError('LINK_EXPIRED', texts.expired);
  throw invalidLink();
}
