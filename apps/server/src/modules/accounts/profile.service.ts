import type { AlertChannels, Profile, updateProfileBody } from '@paydar/contracts/accounts';
import type { z } from 'zod';
import type { Caller, ServiceContext } from '../../context';
import { AppError, invalidField, notAuthenticated } from '../../errors';
import { startChannelVerification, withLoginEmailVerified } from '../alert-channels/profile-channels';
import { findChannelValueProblems, findUnstorableValue, mergeAlertChannels } from './alert-channels';
import { sendEmailLink } from './email-links';
import { emailTaken } from './registration.service';
import { findUserByEmail, findUserById, findUserByIdForUpdate, type UserRow, updateUser } from './users.repository';

export const DEMO_READ_ONLY_TEXT = 'The demo account cannot be changed. Sign up to make your own.';

function presentProfile(user: UserRow, key: string): Profile {
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
  };
}

export async function getProfile(context: ServiceContext, caller: Caller): Promise<Profile> {
  const user = await findUserById(context.db, caller.userId);
  if (!user) throw notAuthenticated();
  return presentProfile(user, caller.key);
}

/**
 * Changes the email (unverified again, with a new verification mail) and the alert channels
 * (normalized; a channel keeps its verification only while its value is unchanged; new emails and
 * webhooks start their verification). The demo account is read-only.
 */
export async function updateProfile(
  context: ServiceContext,
  caller: Caller,
  input: z.infer<typeof updateProfileBody>,
): Promise<Profile> {
  if (caller.isDemo) throw new AppError('DEMO_READ_ONLY', DEMO_READ_ONLY_TEXT);
  if (input.id !== undefined && input.id !== caller.userId) throw invalidField('id', 'This is not your profile.');
  if (input.alert_channels) assertStorableChannels(input.alert_channels);
  return context.runInTransaction(async (transaction) => {
    // Locked like channel verification locks it, so neither overwrites the other's alert_channels.
    const current = await findUserByIdForUpdate(transaction.db, caller.userId);
    if (!current) throw notAuthenticated();
    const changes: { email?: string; isVerified?: boolean; alertChannels?: AlertChannels } = {};
    const emailChanged = input.email !== undefined && input.email !== current.email;
    if (emailChanged && input.email) {
      const owner = await findUserByEmail(transaction.db, input.email);
      if (owner) throw emailTaken();
      changes.email = input.email;
      changes.isVerified = false;
    }
    if (input.alert_channels) {
      const login = { email: changes.email ?? current.email, isVerified: changes.isVerified ?? current.isVerified };
      changes.alertChannels = withLoginEmailVerified(
        mergeAlertChannels(current.alertChannels, input.alert_channels),
        login,
      );
    }
    const updated = Object.keys(changes).length ? await updateUser(transaction.db, caller.userId, changes) : current;
    if (!updated) throw notAuthenticated();
    if (emailChanged) await sendEmailLink(context, transaction, updated, 'verify_email');
    if (changes.alertChannels)
      await startChannelVerification(context, transaction, updated.id, current.alertChannels, changes.alertChannels);
    return presentProfile(updated, caller.key);
  });
}

/** Refuses values the database cannot store or that cannot be channels of their type, each field named. */
function assertStorableChannels(channels: NonNullable<z.infer<typeof updateProfileBody>['alert_channels']>): void {
  const unstorable = findUnstorableValue(channels);
  if (unstorable) throw invalidField(unstorable, 'This value contains characters that cannot be saved.');
  const problems = findChannelValueProblems(channels);
  const [first] = Object.entries(problems);
  if (first) throw new AppError('VALIDATION_FAILED', `${first[0]}: ${first[1][0]}`, problems);
}
