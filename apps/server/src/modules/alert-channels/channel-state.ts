import type { AlertChannels } from '@paydar/contracts/accounts';
import type { AlertChannelType } from '@paydar/contracts/alert-channels';
import type { ServiceContext } from '../../context';
import type { Transaction } from '../../db/transaction';
import { findUserByIdForUpdate, updateUser } from '../accounts/users.repository';
import { notYourChannel } from './alert-channels.errors';
import { withVerification } from './channel-entries';
import { consumeVerification } from './verifications.repository';

export interface ChannelState {
  /** The user's channels after the change. */
  channels: AlertChannels;
  /** Whether the user has this channel (it may have been removed since the proof was sent). */
  found: boolean;
}

/**
 * Sets one channel's is_verified inside `transaction`, holding the user's row lock as the profile
 * PUT does: alert_channels is one jsonb value, so an unlocked read-modify-write here or there would
 * silently undo the other. Undefined when the user is gone.
 */
export async function setChannelVerified(
  transaction: Transaction,
  userId: number,
  type: AlertChannelType,
  value: string,
  verified: boolean,
): Promise<ChannelState | undefined> {
  const user = await findUserByIdForUpdate(transaction.db, userId);
  if (!user) return undefined;
  const next = withVerification(user.alertChannels, type, value, verified);
  if (next.changed) await updateUser(transaction.db, userId, { alertChannels: next.channels });
  return { channels: next.channels, found: next.found };
}

/** Marks a channel verified in a transaction of its own (a webhook's first 2xx delivery verifies it). */
export function markChannelVerified(
  context: Pick<ServiceContext, 'runInTransaction'>,
  userId: number,
  type: AlertChannelType,
  value: string,
): Promise<ChannelState | undefined> {
  return context.runInTransaction((transaction) => setChannelVerified(transaction, userId, type, value, true));
}

/**
 * Uses a proof once and marks its channel verified: both or neither. Undefined when the proof was
 * used meanwhile or has expired; a 400 on `value` when the channel left the profile meanwhile.
 */
export function useProofAndVerify(
  context: Pick<ServiceContext, 'runInTransaction'>,
  proof: { id: number; userId: number },
  type: AlertChannelType,
  value: string,
  now: Date,
): Promise<AlertChannels | undefined> {
  return context.runInTransaction(async (transaction) => {
    if (!(await consumeVerification(transaction.db, proof.id, now))) return undefined;
    const state = await setChannelVerified(transaction, proof.userId, type, value, true);
    if (!state?.found) throw notYourChannel(type);
    return state.channels;
  });
}
