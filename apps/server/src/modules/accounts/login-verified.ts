import type { Database } from '../../db/client';
import { withLoginEmailListed } from '../alert-channels/profile-channels';
import { findUserByIdForUpdate, updateUser } from './users.repository';

/**
 * Marks the login address proven (a verification or reset link was opened) and lists it as the
 * profile's email channel where it is the one alerts go to — under the user's row lock, as every
 * change of alert_channels.
 */
export async function markLoginVerified(db: Database, userId: number): Promise<void> {
  const user = await findUserByIdForUpdate(db, userId);
  if (!user) return;
  const alertChannels = user.isDemo ? user.alertChannels : withLoginEmailListed(user.alertChannels, user.email);
  await updateUser(db, userId, { isVerified: true, alertChannels });
}
