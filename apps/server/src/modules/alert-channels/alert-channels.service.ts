import type { AlertChannels } from '@paydar/contracts/accounts';
import {
  type AlertChannelType,
  normalizeChannelValue,
  type sendChannelTokenBody,
  type sendChannelTokenResponse,
  type verifyChannelBody,
  type verifyChannelResponse,
} from '@paydar/contracts/alert-channels';
import type { z } from 'zod';
import type { Caller, ServiceContext } from '../../context';
import { refuseDemo } from '../../demo-guard';
import { invalidField, notAuthenticated } from '../../errors';
import { findUserById, type UserRow } from '../accounts/users.repository';
import { notYourChannel } from './alert-channels.errors';
import { channelLimits } from './alert-channels.limits';
import { findChannelEntry } from './channel-entries';
import { markChannelVerified } from './channel-state';
import { sendEmailChannelLink, verifyEmailChannel } from './email-channel.service';
import { MESSENGER_NAMES } from './messengers';
import { sendPhoneCode, verifyPhoneCode } from './phone-channel.service';
import { issueTelegramLink } from './telegram-channel.service';
import { testWebhookNow } from './webhook-channel.service';

type SendResult = z.infer<typeof sendChannelTokenResponse>;
type VerifyResult = z.infer<typeof verifyChannelResponse>;

/** The toast of spec §8, with the channel type as its word. */
export const verifiedText = (type: AlertChannelType) => `Your ${type} is now verified!`;
export const alreadyVerifiedText = (type: AlertChannelType) => `This ${type} is already verified.`;

/**
 * The caller's own channel named by the request, or a 400 on `value`: so nobody can send to, or
 * verify, a value that is only in someone else's profile. The demo account changes nothing.
 */
async function callersChannel(context: ServiceContext, caller: Caller, type: AlertChannelType, value: string) {
  refuseDemo(caller);
  const user = await findUserById(context.db, caller.userId);
  if (!user) throw notAuthenticated();
  const entry = findChannelEntry(user.alertChannels, type, value);
  if (!entry) throw notYourChannel(type);
  return { user, isVerified: entry.is_verified, value: normalizeChannelValue(type, value) };
}

const sent = (detail: string, channels: AlertChannels, extra: { link?: string; is_verified?: boolean } = {}) => ({
  success: true as const,
  detail,
  is_verified: false,
  ...extra,
  alert_channels: channels,
});

async function sendEmail(context: ServiceContext, user: UserRow, email: string): Promise<SendResult> {
  // The login address was proven when the account was verified: no second mail for it.
  if (email === user.email && user.isVerified) {
    const state = await markChannelVerified(context, user.id, 'email', email);
    if (!state?.found) throw notYourChannel('email');
    return sent(verifiedText('email'), state.channels, { is_verified: true });
  }
  await context.rateLimiter.consume(channelLimits.emailLink(user.id, email), context.now());
  await context.runInTransaction((transaction) => sendEmailChannelLink(context, transaction, user.id, email));
  return sent(`We sent a verification link to ${email}`, user.alertChannels);
}

/** POST alert_channel/send_token: a code, a link, a bot link or a test delivery, by channel type. */
export async function sendChannelToken(
  context: ServiceContext,
  caller: Caller,
  input: z.infer<typeof sendChannelTokenBody>,
): Promise<SendResult> {
  const type = input.channel_type;
  const { user, isVerified, value } = await callersChannel(context, caller, type, input.value);
  if (isVerified) return sent(alreadyVerifiedText(type), user.alertChannels, { is_verified: true });
  switch (type) {
    case 'phone':
      return sent(await sendPhoneCode(context, user.id, value), user.alertChannels);
    case 'email':
      return sendEmail(context, user, value);
    case 'telegram':
    case 'bale': {
      const link = await issueTelegramLink(context, user.id, value, type);
      const name = MESSENGER_NAMES[type];
      return sent(`Open the link in ${name} and press Start to link ${value}.`, user.alertChannels, { link });
    }
    case 'webhook':
    case 'slack':
    case 'discord':
    case 'mattermost':
      return sent(verifiedText(type), await testWebhookNow(context, user, value, type), { is_verified: true });
  }
}

/** POST alert_channel/verify: a phone's SMS code or an email link's token. */
export async function verifyChannel(
  context: ServiceContext,
  caller: Caller,
  input: z.infer<typeof verifyChannelBody>,
): Promise<VerifyResult> {
  const type = input.channel_type;
  const { user, isVerified, value } = await callersChannel(context, caller, type, input.value);
  const done = (detail: string, channels: AlertChannels) => ({
    success: true as const,
    detail,
    alert_channels: channels,
  });
  if (isVerified) return done(alreadyVerifiedText(type), user.alertChannels);
  switch (type) {
    case 'phone':
      return done(verifiedText(type), await verifyPhoneCode(context, user.id, value, input.token));
    case 'email':
      return done(verifiedText(type), await verifyEmailChannel(context, user.id, value, input.token));
    case 'telegram':
    case 'bale':
      throw invalidField(
        'channel_type',
        `A ${MESSENGER_NAMES[type]} username is verified in ${MESSENGER_NAMES[type]}: open the bot link and press Start.`,
      );
    case 'webhook':
    case 'slack':
    case 'discord':
    case 'mattermost':
      throw invalidField('channel_type', 'A webhook is verified by a test delivery: use send_token.');
  }
}
