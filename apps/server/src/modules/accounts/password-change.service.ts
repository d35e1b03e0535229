import type { ServiceContext, SessionCaller } from '../../context';
import { AppError } from '../../errors';
import { enqueueMail } from '../mail/mail.jobs';
import { passwordChangedMail } from '../mail/mail.templates';
import { checkCurrentPassword } from './current-password';
import { refuseWhileImpersonating } from './impersonation-refusal';
import { hashPassword } from './passwords';
import { DEMO_READ_ONLY_TEXT } from './profile.service';
import { revokeOtherSessions } from './sessions.repository';
import { updateUser } from './users.repository';

/**
 * Sets a new password after checking the current one. Every other session ends — whoever had the
 * old password (or a key from it) loses access — while the caller stays signed in; the owner is told by mail.
 */
export async function changePassword(
  context: ServiceContext,
  caller: SessionCaller,
  input: { current_password: string; password: string },
): Promise<{ success: true }> {
  if (caller.isDemo) throw new AppError('DEMO_READ_ONLY', DEMO_READ_ONLY_TEXT);
  refuseWhileImpersonating(caller, 'change a password');
  await checkCurrentPassword(context, caller.userId, input.current_password, 'Enter your current password.');
  const passwordHash = await hashPassword(input.password);
  const now = context.now();
  await context.runInTransaction(async (transaction) => {
    const user = await updateUser(transaction.db, caller.userId, { passwordHash });
    if (!user) return;
    await revokeOtherSessions(transaction.db, caller.userId, caller.sessionId, now);
    const notice = passwordChangedMail({
      productName: context.config.PRODUCT_NAME,
      to: user.email,
      at: now,
      supportEmail: context.config.SUPPORT_EMAIL,
    });
    await enqueueMail(context.jobs, notice, transaction);
  });
  return { success: true };
}
