import type { ServiceContext } from '../../context';
import type { EmailTokenPurpose } from '../../db/schema/index';
import type { Transaction } from '../../db/transaction';
import { enqueueMail } from '../mail/mail.jobs';
import { passwordResetMail, verificationMail } from '../mail/mail.templates';
import { insertEmailToken } from './email-tokens.repository';
import { generateSecret, hashSecret } from './secrets';

const HOUR_MS = 60 * 60 * 1000;

const linkKinds: Record<EmailTokenPurpose, { path: string; lifetimeMs: number; template: typeof verificationMail }> = {
  verify_email: { path: '/verify_email', lifetimeMs: 48 * HOUR_MS, template: verificationMail },
  reset_password: { path: '/reset_password', lifetimeMs: HOUR_MS, template: passwordResetMail },
};

/** Issues a single-use token and enqueues the mail with its link, in the caller's transaction. */
export async function sendEmailLink(
  context: ServiceContext,
  transaction: Transaction,
  user: { id: number; email: string },
  purpose: EmailTokenPurpose,
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
