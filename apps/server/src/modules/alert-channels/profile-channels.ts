import type { AlertChannels } from '@paydar/contracts/accounts';
import {
  ALERT_CHANNEL_KEYS,
  CHAT_WEBHOOK_TYPES,
  channelTypeOfKey,
  MESSENGER_CHANNEL_TYPES,
  normalizeChannelValue,
} from '@paydar/contracts/alert-channels';
import type { ServiceContext } from '../../context';
import type { Transaction } from '../../db/transaction';
import { AppError } from '../../errors';
import { channelLimits } from './alert-channels.limits';
import { withVerification } from './channel-entries';
import { sendEmailChannelLink } from './email-channel.service';
import { deleteLinksExcept } from './telegram-chats.repository';
import { enqueueWebhookVerification } from './webhook-channel.service';

/** The channels with the login address verified, when it is among them and the account is verified: it was proven at sign-up. */
export function withLoginEmailVerified(
  channels: AlertChannels,
  login: { email: string; isVerified: boolean },
): AlertChannels {
  return login.isVerified ? withVerification(channels, 'email', login.email, true).channels : channels;
}

/** Most email channels a profile holds (contracts/accounts alertChannelsInput). */
const MAX_PROFILE_EMAILS = 20;

/**
 * The channels once the login address is proven (sign-up's link, a password reset's): where the
 * profile has no verified email, new monitors alert the login address (monitors' defaultAlert), so
 * it is listed as a verified email channel and the Alert Center shows where alerts go. Where a
 * verified email exists, the login address is only verified in place, if listed.
 */
export function withLoginEmailListed(channels: AlertChannels, loginEmail: string): AlertChannels {
  const login = normalizeChannelValue('email', loginEmail);
  const verified = withLoginEmailVerified(channels, { email: login, isVerified: true });
  const listed = verified.emails.some((entry) => entry.value === login);
  if (listed || verified.emails.some((entry) => entry.is_verified)) return verified;
  if (verified.emails.length >= MAX_PROFILE_EMAILS) return verified;
  return { ...verified, emails: [...verified.emails, { value: login, is_verified: true }] };
}

/**
 * What a profile PUT sets going for the channels it saved, inside its transaction: a verification
 * mail to each new email, a queued test delivery to each new webhook (generic, Slack, Discord,
 * Mattermost), and no Telegram or Bale chat kept for a username that left the profile. New phones and Telegram usernames wait for the user.
 * `previous` and `saved` are normalized, as stored.
 */
export async function startChannelVerification(
  context: ServiceContext,
  transaction: Transaction,
  userId: number,
  previous: AlertChannels,
  saved: AlertChannels,
): Promise<void> {
  const added = (key: keyof AlertChannels) => {
    const type = channelTypeOfKey(key);
    const before = new Set(previous[key].map((entry) => normalizeChannelValue(type, entry.value)));
    return saved[key].filter((entry) => !entry.is_verified && !before.has(entry.value)).map((entry) => entry.value);
  };
  for (const email of added('emails')) {
    try {
      await context.rateLimiter.consume(channelLimits.emailLink(userId, email), context.now());
    } catch (error) {
      // Over the mail limit the address is still saved, unverified; send_token can mail it later.
      if (error instanceof AppError && error.code === 'RATE_LIMITED') continue;
      throw error;
    }
    await sendEmailChannelLink(context, transaction, userId, email);
  }
  for (const type of ['webhook', ...CHAT_WEBHOOK_TYPES] as const) {
    for (const url of added(ALERT_CHANNEL_KEYS[type]))
      await enqueueWebhookVerification(context, transaction, { userId, url, type });
  }
  for (const messenger of MESSENGER_CHANNEL_TYPES) {
    const kept = saved[ALERT_CHANNEL_KEYS[messenger]].map((entry) => entry.value);
    await deleteLinksExcept(transaction.db, userId, kept, messenger);
  }
}
