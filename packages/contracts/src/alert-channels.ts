import { z } from 'zod';
import { alertChannels } from './accounts';
import { NOTIFICATION_TYPES } from './notifications';

/**
 * Alert channels (spec §3 User profile `alert_channels`, §7 alert_channel/send_token and
 * alert_channel/verify). The profile keys the lists by plural names; the calls name a channel
 * by its singular type, which is also the word of the 'Your {type} is now verified!' toast.
 */
export const ALERT_CHANNEL_TYPES = [
  'email',
  'phone',
  'telegram',
  'bale',
  'webhook',
  'slack',
  'discord',
  'mattermost',
] as const;
export type AlertChannelType = (typeof ALERT_CHANNEL_TYPES)[number];

export const ALERT_CHANNEL_KEYS = {
  email: 'emails',
  phone: 'phones',
  telegram: 'telegram_usernames',
  webhook: 'webhooks',
  slack: 'slack_webhooks',
  discord: 'discord_webhooks',
  mattermost: 'mattermost_webhooks',
  bale: 'bale_usernames',
} as const satisfies Record<AlertChannelType, string>;
export type AlertChannelKey = (typeof ALERT_CHANNEL_KEYS)[AlertChannelType];

export const channelTypeOfKey = (key: AlertChannelKey): AlertChannelType =>
  (Object.keys(ALERT_CHANNEL_KEYS) as AlertChannelType[]).find(
    (type) => ALERT_CHANNEL_KEYS[type] === key,
  ) as AlertChannelType;

/** Phone verification code length (spec §9). */
export const VERIFICATION_CODE_LENGTH = 6;

const PHONE_PATTERN = /^\+?[0-9]{8,15}$/;
const TELEGRAM_USERNAME_PATTERN = /^@[a-z][a-z0-9_]{4,31}$/;

/** The messengers whose bots link a chat to a username (Bale's Bot API follows Telegram's). */
export const MESSENGER_CHANNEL_TYPES = ['telegram', 'bale'] as const;
export type MessengerChannelType = (typeof MESSENGER_CHANNEL_TYPES)[number];
export const isMessengerChannel = (type: AlertChannelType): type is MessengerChannelType =>
  type === 'telegram' || type === 'bale';

/** Incoming webhooks of chat services, each posted in its own message format. */
export const CHAT_WEBHOOK_TYPES = ['slack', 'discord', 'mattermost'] as const;
export type ChatWebhookType = (typeof CHAT_WEBHOOK_TYPES)[number];
export const isChatWebhook = (type: AlertChannelType): type is ChatWebhookType =>
  (CHAT_WEBHOOK_TYPES as readonly string[]).includes(type);

/** Every type whose value is a URL that gets a test delivery. */
export const isWebhookLike = (type: AlertChannelType): boolean => type === 'webhook' || isChatWebhook(type);

/**
 * The path each chat service gives its incoming webhooks; the host is checked by the server
 * against its configured origins (Slack's and Discord's own, any for self-hosted Mattermost).
 */
const CHAT_WEBHOOK_PATHS: Record<ChatWebhookType, { pattern: RegExp; example: string }> = {
  slack: {
    pattern: /^\/services\/[A-Za-z0-9]+\/[A-Za-z0-9]+\/[A-Za-z0-9]+$/,
    example: 'https://hooks.slack.com/services/T000/B000/XXXX',
  },
  discord: {
    pattern: /^\/api\/webhooks\/[0-9]{1,25}\/[A-Za-z0-9_-]{1,100}$/,
    example: 'https://discord.com/api/webhooks/123/abc',
  },
  mattermost: { pattern: /^(\/[^/?#]+)*\/hooks\/[A-Za-z0-9]{1,64}$/, example: 'https://chat.example.com/hooks/xxxx' },
};
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What a value is stored as: spaces, dashes and brackets leave phone numbers; Telegram names
 * (case-insensitive) are lower-cased with one leading '@'; emails are lower-cased.
 */
export function normalizeChannelValue(type: AlertChannelType, value: string): string {
  const trimmed = value.trim();
  if (type === 'phone') return trimmed.replace(/[\s\-()]/g, '');
  if (type === 'telegram' || type === 'bale') return trimmed ? `@${trimmed.replace(/^@/, '').toLowerCase()}` : '';
  if (type === 'email') return trimmed.toLowerCase();
  return trimmed;
}

/** Why a value cannot be a channel of this type, in words for the person typing it; undefined when it can. */
export function channelValueProblem(type: AlertChannelType, value: string): string | undefined {
  const normalized = normalizeChannelValue(type, value);
  if (!normalized) return 'Empty values are not allowed.';
  if (type === 'email' && !EMAIL_PATTERN.test(normalized)) return 'Enter a valid email address.';
  if (type === 'phone' && !PHONE_PATTERN.test(normalized)) return 'Enter a phone number like 09121234567.';
  if (type === 'telegram' && !TELEGRAM_USERNAME_PATTERN.test(normalized))
    return 'Enter a Telegram username like @paydar_alerts (5 to 32 letters, digits or _).';
  if (type === 'bale' && !TELEGRAM_USERNAME_PATTERN.test(normalized))
    return 'Enter a Bale username like @paydar_alerts (5 to 32 letters, digits or _).';
  if (isWebhookLike(type)) {
    let url: URL;
    try {
      url = new URL(normalized);
    } catch {
      return 'Enter a full http:// or https:// address.';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Enter a full http:// or https:// address.';
    if (url.username || url.password) return 'Leave the user name and password out of the address.';
    if (isChatWebhook(type)) {
      const path = CHAT_WEBHOOK_PATHS[type];
      if (!path.pattern.test(url.pathname) || url.search || url.hash)
        return `Enter the incoming webhook address ${CHAT_WEBHOOK_NAMES[type]} gives, like ${path.example}.`;
    }
  }
  return undefined;
}

/** How each chat service is named in words. */
export const CHAT_WEBHOOK_NAMES: Record<ChatWebhookType, string> = {
  slack: 'Slack',
  discord: 'Discord',
  mattermost: 'Mattermost',
};

export const channelTypeField = z.enum(ALERT_CHANNEL_TYPES);

/** POST /api/v1/users/alert_channel/send_token */
export const sendChannelTokenBody = z.strictObject({
  channel_type: channelTypeField,
  value: z.string().trim().min(1).max(300),
});

/**
 * What sending did: a code by SMS (phone), a link by mail (email), the bot link to open
 * (telegram), or a signed test delivery that verified the webhook at once when answered with 2xx.
 */
export const sendChannelTokenResponse = z.object({
  success: z.literal(true),
  detail: z.string(),
  /** Telegram: `t.me/<bot>?start=<token>`, to open in Telegram. */
  link: z.string().optional(),
  /** The channel's state after the call (a webhook may be verified right away). */
  is_verified: z.boolean(),
  alert_channels: alertChannels,
});

/** POST /api/v1/users/alert_channel/verify: a phone's SMS code, or an email link's token. */
export const verifyChannelBody = z.strictObject({
  channel_type: channelTypeField,
  value: z.string().trim().min(1).max(300),
  token: z.string().trim().min(1).max(200),
});

export const verifyChannelResponse = z.object({
  success: z.literal(true),
  detail: z.string(),
  alert_channels: alertChannels,
});

/** POST /api/v1/alert_channels/test: a clearly marked test message to one of the caller's verified channels. */
export const testChannelBody = z.strictObject({
  type: channelTypeField.describe('The channel type; a phone gets an SMS, never a call.'),
  value: z.string().trim().min(1).max(300).describe("The channel as it is in the profile's alert_channels."),
});

/** What became of a channel test: sent, or why not. It is kept in the notification history as kind `test`. */
export const testChannelResponse = z.object({
  id: z.number().int().describe('The notification history row of this test.'),
  notification_type: z.enum(NOTIFICATION_TYPES).exclude(['call']),
  recipient: z.string(),
  state: z.enum(['sent', 'failed']),
  is_sent: z.boolean(),
  public_message: z.string().describe('What was sent, or why it was not, in words a user can read.'),
});
export type TestChannelResponse = z.infer<typeof testChannelResponse>;
