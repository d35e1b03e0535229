import type { ServiceContext } from '../../context';
import { AppError } from '../../errors';
import { generateSecret, hashSecret } from '../accounts/secrets';
import { channelLimits } from './alert-channels.limits';
import { replaceVerification } from './verifications.repository';

export const TELEGRAM_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const TELEGRAM_UNAVAILABLE_TEXT = 'Telegram alerts are not set up on this server.';

/** The bot link with its start parameter (Telegram allows up to 64 of [A-Za-z0-9_-]; ours is 43). */
export function telegramStartLink(botLink: string, token: string): string {
  const link = new URL(botLink);
  link.searchParams.set('start', token);
  return link.toString();
}

/**
 * Issues the start token that links `username` (normalized, one of the user's) when sent to the
 * bot from that Telegram account: the bot, not this call, verifies the channel.
 */
export async function issueTelegramLink(context: ServiceContext, userId: number, username: string): Promise<string> {
  if (!context.alertClients.telegram) throw new AppError('UNAVAILABLE', TELEGRAM_UNAVAILABLE_TEXT);
  await context.rateLimiter.consume(channelLimits.telegramLink(userId), context.now());
  // base64url: only [A-Za-z0-9_-], as a start parameter must be.
  const token = generateSecret();
  await context.runInTransaction((transaction) =>
    replaceVerification(transaction.db, {
      userId,
      channelKey: 'telegram_usernames',
      value: username,
      secretHash: hashSecret(token),
      expiresAt: new Date(context.now().getTime() + TELEGRAM_LINK_LIFETIME_MS),
    }),
  );
  return telegramStartLink(context.config.TELEGRAM_BOT_LINK, token);
}
