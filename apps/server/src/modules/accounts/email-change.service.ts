import type { Caller, ServiceContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import type { Transaction } from '../../db/transaction';
import { withLoginEmailVerified } from '../alert-channels/profile-channels';
import { enqueueMail } from '../mail/mail.jobs';
import { emailChangeConfirmationMail, emailChangeNoticeMail } from '../mail/mail.templates';
import { invalidLink } from './email-links';
import { cancelPendingEmailChanges, consumeEmailChangeToken, insertEmailToken } from './email-tokens.repository';
import { refuseWhileImpersonating } from './impersonation-refusal';
import { emailTaken } from './registration.service';
import { generateSecret, hashSecret } from './secrets';
import { findUserByEmail, findUserByIdForUpdate, type UserRow, updateUser } from './users.repository';

const EMAIL_CHANGE_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Starts an email change inside the profile update's transaction: the account keeps its email
 * until the link mailed to the new address is opened (so a typo or someone else's address never
 * takes the login), an older pending change is withdrawn, and the old address is told.
 */
export async function requestEmailChange(
  context: ServiceContext,
  transaction: Transaction,
  user: UserRow,
  newEmail: string,
): Promise<void> {
  if (await findUserByEmail(transaction.db, newEmail)) throw emailTaken();
  const now = context.now();
  await cancelPendingEmailChanges(transaction.db, user.id, now);
  const token = generateSecret();
  await insertEmailToken(transaction.db, {
    userId: user.id,
    purpose: 'change_email',
    tokenHash: hashSecret(token),
    newEmail,
    expiresAt: new Date(now.getTime() + EMAIL_CHANGE_LIFETIME_MS),
  });
  const link = new URL('/confirm_email', context.config.DASHBOARD_URL);
  link.searchParams.set('token', token);
  const productName = context.config.PRODUCT_NAME;
  await enqueueMail(
    context.jobs,
    emailChangeConfirmationMail({ productName, to: newEmail, link: link.toString() }),
    transaction,
  );
  await enqueueMail(
    context.jobs,
    emailChangeNoticeMail({
      productName,
      to: user.email,
      newEmail,
      at: now,
      supportEmail: context.config.SUPPORT_EMAIL,
    }),
    transaction,
  );
}

/**
 * Opens the confirmation link: only the signed-in owner of the change can use its token, once.
 * The new address is verified by that, and becomes the login.
 */
export async function confirmEmailChange(
  context: ServiceContext,
  caller: Caller,
  token: string,
): Promise<{ success: true; email: string }> {
  refuseWhileImpersonating(caller, 'confirm a login email change');
  return context.runInTransaction(async (transaction) => {
    const newEmail = await consumeEmailChangeToken(transaction.db, {
      tokenHash: hashSecret(token),
      userId: caller.userId,
      now: context.now(),
    });
    if (!newEmail) throw invalidLink();
    const current = await findUserByIdForUpdate(transaction.db, caller.userId);
    if (!current) throw invalidLink();
    const owner = await findUserByEmail(transaction.db, newEmail);
    if (owner && owner.id !== current.id) throw emailTaken();
    const login = { email: newEmail, isVerified: true };
    await updateUser(transaction.db, current.id, {
      ...login,
      alertChannels: withLoginEmailVerified(current.alertChannels, login),
    }).catch((error: unknown) => {
      // A sign-up that committed the address after the check above: the unique index decides.
      throw isUniqueViolation(error) ? emailTaken() : error;
    });
    return { success: true as const, email: newEmail };
  });
}
