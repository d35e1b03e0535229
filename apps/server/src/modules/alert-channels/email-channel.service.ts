import type { AlertChannels } from '@paydar/contracts/accounts';
import type { ServiceContext } from '../../context';
import type { Transaction } from '../../db/transaction';
import { AppError } from '../../errors';
import { generateSecret, hashSecret } from '../accounts/secrets';
import { enqueueMail } from '../mail/mail.jobs';
import { channelVerificationMail } from './alert-channels.mails';
import { useProofAndVerify } from './channel-state';
import { findLiveVerificationBySecret, replaceVerification } from './verifications.repository';

export const EMAIL_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const invalidChannelLink = () => {
  const text = 'This link is invalid or has expired. Send a new verification email from Alert Center.';
  return new AppError('INVALID_TOKEN', text, { token: [text] });
};

/** Where the mailed link points: Alert Center, which calls verify with the value and token. */
export function emailChannelLink(dashboardUrl: string, email: string, token: string): string {
  const query = new URLSearchParams({ verify_channel: 'email', value: email, token });
  return `${dashboardUrl.replace(/\/+$/, '')}/settings?${query}`;
}

/**
 * Issues a link proving `email` (normalized, one of the user's) and enqueues its mail, both in
 * `transaction`: no mail without its token, no token without its mail.
 */
export async function sendEmailChannelLink(
  context: ServiceContext,
  transaction: Transaction,
  userId: number,
  email: string,
): Promise<void> {
  const token = generateSecret();
  await replaceVerification(transaction.db, {
    userId,
    channelKey: 'emails',
    value: email,
    secretHash: hashSecret(token),
    expiresAt: new Date(context.now().getTime() + EMAIL_LINK_LIFETIME_MS),
  });
  const link = emailChannelLink(context.config.DASHBOARD_URL, email, token);
  const mail = channelVerificationMail({ productName: context.config.PRODUCT_NAME, to: email, link });
  await enqueueMail(context.jobs, mail, transaction);
}

/** Verifies the user's email channel with a mailed link's token; only the caller's own links count. */
export async function verifyEmailChannel(
  context: ServiceContext,
  userId: number,
  email: string,
  token: string,
): Promise<AlertChannels> {
  const now = context.now();
  const proof = await findLiveVerificationBySecret(context.db, {
    secretHash: hashSecret(token),
    channelKey: 'emails',
    userId,
    now,
  });
  if (!proof || proof.value !== email) throw invalidChannelLink();
  const channels = await useProofAndVerify(context, proof, 'email', email, now);
  if (!channels) throw invalidChannelLink();
  return channels;
}
