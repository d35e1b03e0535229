import type { MessengerChannelType } from '@paydar/contracts/alert-channels';
import type { ServiceContext } from '../../context';
import { AppError } from '../../errors';
import { generateSecret, hashSecret } from '../accounts/secrets';
import { channelLimits } from './alert-channels.limits';
import { messengerOf } from './messengers';
import { replaceVerification } from './verifications.repository';

export const TELEGRAM_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const messengerUnavailableText = (name: string) => `${name} alerts are not set up on this server.`;
export const TELEGRAM_UNAVAILABLE_TEXT = messengerUnavailableText('Telegram');

/** The bot link with its start parameter (Telegram and Bale allow up to 64 of [A-Za-z0-9_-]; ours is 43). */
export function telegramStartLink(botLink: string, token: string): string {
  const link = new URL(botLink);
  link.searchParams.set('start', token);
  return link.toString();
}

/**
 * Issues the start token that links `username` (normalized, one of the user's) when sent to the
 * bot from that Telegram (or Bale) account: the bot, not this call, verifies the channel.
 */
export async function issueTelegramLink(
  context: ServiceContext,
  userId: number,
  username: string,
  type: MessengerChannelType = 'telegram',
): Promise<string> {
  const messenger = messengerOf(context, type);
  if (!messenger.client) throw new AppError('UNAVAILABLE', messengerUnavailableText(messenger.name));
  await context.rateLimiter.consume(channelLimits.telegramLink(userId), context.now());
  // base64url: only [A-Za-z0-9_-], as a start parameter must be.
  const token = generateSecret();
  await context.runInTransaction((transaction) =>
    replaceVerification(transaction.db, {
      userId,
      channelKey: messenger.key,
      value: username,
      secretHash: hashSecret(token),
      expiresAt: new Date(context.now().getTime() + TELEGRAM_LINK_LIFETIME_MS),
    }),
  );
  return telegramStartLink(messenger.botLink, token);
}
