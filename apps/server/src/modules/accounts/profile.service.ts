import { DEMO_READ_ONLY_TEXT, type Profile, type updateProfileBody } from '@paydar/contracts/accounts';
import type { z } from 'zod';
import type { Caller, ServiceContext } from '../../context';
import { AppError, invalidField, notAuthenticated } from '../../errors';
import { startChannelVerification, withLoginEmailVerified } from '../alert-channels/profile-channels';
import {
  findChannelValueProblems,
  findChatOriginProblems,
  findUnstorableValue,
  mergeAlertChannels,
} from './alert-channels';
import { checkCurrentPassword } from './current-password';
import { requestEmailChange } from './email-change.service';
import { findPendingEmailChange } from './email-tokens.repository';
import { refuseWhileImpersonating } from './impersonation-refusal';
import { findUserById, findUserByIdForUpdate, type UserRow, updateUser } from './users.repository';

/** Kept here too for the server's modules that import it from accounts; its one definition is the contract's. */
export { DEMO_READ_ONLY_TEXT };

const EMAIL_CHANGE_PASSWORD_TEXT = 'Enter your current password to change the email.';

function presentProfile(user: UserRow, key: string, pendingEmail: string | null): Profile {
  return {
    id: user.id,
    email: user.email,
    is_verified: user.isVerified,
    is_staff: user.isStaff,
    is_demo: user.isDemo,
    charged_budget: user.chargedBudget,
    alert_channels: user.alertChannels,
    labels: user.labels,
    uid: key,
    webhook_secret: user.webhookSecret,
    pending_email: pendingEmail,
    time_zone: user.timeZone,
    calendar: user.calendar,
  };
}

export async function getProfile(context: ServiceContext, caller: Caller): Promise<Profile> {
  const user = await findUserById(context.db, caller.userId);
  if (!user) throw notAuthenticated();
  return presentProfile(user, caller.key, await findPendingEmailChange(context.db, user.id, context.now()));
}

/**
 * Starts an email change (the current password is asked; the email changes once the link mailed
 * to the new address is opened: email-change.service.ts) and changes the alert channels
 * (normalized; a channel keeps its verification only while its value is unchanged; new emails and
 * webhooks start their verification), and the time zone and calendar every date is shown in. The demo
 * account is read-only.
 */
export async function updateProfile(
  context: ServiceContext,
  caller: Caller,
  input: z.infer<typeof updateProfileBody>,
): Promise<Profile> {
  if (caller.isDemo) throw new AppError('DEMO_READ_ONLY', DEMO_READ_ONLY_TEXT);
  if (input.id !== undefined && input.id !== caller.userId) throw invalidField('id', 'This is not your profile.');
  if (input.alert_channels) assertStorableChannels(context, input.alert_channels);
  // Outside the transaction: the password check is slow and must not hold the user's row.
  const newEmail = input.email !== undefined && input.email !== caller.email ? input.email : undefined;
  // The login is the customer's: staff may set their zone or channels, never move their email (issue 37).
  if (newEmail) refuseWhileImpersonating(caller, 'change the login email');
  if (newEmail) await checkCurrentPassword(context, caller.userId, input.current_password, EMAIL_CHANGE_PASSWORD_TEXT);
  return context.runInTransaction(async (transaction) => {
    // Locked like channel verification locks it, so neither overwrites the other's alert_channels.
    const current = await findUserByIdForUpdate(transaction.db, caller.userId);
    if (!current) throw notAuthenticated();
    if (newEmail && newEmail !== current.email) await requestEmailChange(context, transaction, current, newEmail);
    let updated = current;
    const timeSettings = changedTimeSettings(current, input);
    if (timeSettings) updated = (await updateUser(transaction.db, caller.userId, timeSettings)) ?? updated;
    if (input.alert_channels) {
      const alertChannels = withLoginEmailVerified(
        mergeAlertChannels(current.alertChannels, input.alert_channels),
        current,
      );
      updated = (await updateUser(transaction.db, caller.userId, { alertChannels })) ?? updated;
      await startChannelVerification(context, transaction, updated.id, current.alertChannels, alertChannels);
    }
    const pendingEmail = await findPendingEmailChange(transaction.db, updated.id, context.now());
    return presentProfile(updated, caller.key, pendingEmail);
  });
}

/** The zone and calendar the input changes, or null when it changes neither. */
function changedTimeSettings(
  current: UserRow,
  input: Pick<z.infer<typeof updateProfileBody>, 'time_zone' | 'calendar'>,
): Partial<Pick<UserRow, 'timeZone' | 'calendar'>> | null {
  const changes: Partial<Pick<UserRow, 'timeZone' | 'calendar'>> = {};
  if (input.time_zone !== undefined && input.time_zone !== current.timeZone) changes.timeZone = input.time_zone;
  if (input.calendar !== undefined && input.calendar !== current.calendar) changes.calendar = input.calendar;
  return Object.keys(changes).length ? changes : null;
}

/** Refuses values the database cannot store or that cannot be channels of their type, each field named. */
function assertStorableChannels(
  context: ServiceContext,
  channels: NonNullable<z.infer<typeof updateProfileBody>['alert_channels']>,
): void {
  const unstorable = findUnstorableValue(channels);
  if (unstorable) throw invalidField(unstorable, 'This value contains characters that cannot be saved.');
  const origins = { slack: context.config.SLACK_WEBHOOK_ORIGINS, discord: context.config.DISCORD_WEBHOOK_ORIGINS };
  const problems = { ...findChatOriginProblems(channels, origins), ...findChannelValueProblems(channels) };
  const [first] = Object.entries(problems);
  if (first) throw new AppError('VALIDATION_FAILED', `${first[0]}: ${first[1][0]}`, problems);
}
