import { z } from 'zod';
import { calendarField, calendars } from './calendars';
import { int4Id } from './edge-values';
import { timeZoneField } from './time-zones';

/** Limits shared by the server and the browser. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;

export const emailField = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ message: 'Enter a valid email address.' }))
  .transform((value) => value.toLowerCase());

export const newPasswordField = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: `Your password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH);

export const loginBody = z.strictObject({
  email: emailField,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export const registerBody = z.strictObject({
  email: emailField,
  password: newPasswordField,
  /** The browser's zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`): the new account's default. */
  time_zone: timeZoneField.optional(),
});
export const emailOnlyBody = z.strictObject({ email: emailField });
export const verifyEmailBody = z.strictObject({
  email: emailField,
  token: z.string().min(1).max(200),
});
export const resetPasswordBody = z.strictObject({
  email: emailField,
  token: z.string().min(1).max(200),
  password: newPasswordField,
});
/** What every bad impersonation link gets — unknown, used, expired or mangled (too long, empty). */
export const IMPERSONATION_LINK_INVALID_TEXT = 'This impersonation link is invalid, used or expired.';
export const impersonateBody = z.strictObject({
  token: z
    .string({ message: IMPERSONATION_LINK_INVALID_TEXT })
    .min(1, { message: IMPERSONATION_LINK_INVALID_TEXT })
    .max(200, { message: IMPERSONATION_LINK_INVALID_TEXT }),
});
export const issueImpersonationBody = z.strictObject({ email: emailField });

/** A session key answer: login, register, demo login, impersonation, password reset. */
export const keyResponse = z.object({ key: z.string() });
export const verifyEmailResponse = z.object({ result: z.string() });
export const sentResponse = z.object({ success: z.literal(true), detail: z.string() });

export const alertChannelEntry = z.object({
  value: z.string().trim().min(1).max(300),
  is_verified: z.boolean(),
});
export const alertChannels = z.object({
  emails: z.array(alertChannelEntry),
  phones: z.array(alertChannelEntry),
  telegram_usernames: z.array(alertChannelEntry),
  webhooks: z.array(alertChannelEntry),
  slack_webhooks: z.array(alertChannelEntry),
  discord_webhooks: z.array(alertChannelEntry),
  mattermost_webhooks: z.array(alertChannelEntry),
  bale_usernames: z.array(alertChannelEntry),
});
export type AlertChannels = z.infer<typeof alertChannels>;

/** Profiles saved before a channel kind existed lack its list: every kind, empty where missing. */
export function completeAlertChannels(stored: Partial<AlertChannels> | null | undefined): AlertChannels {
  return {
    emails: stored?.emails ?? [],
    phones: stored?.phones ?? [],
    telegram_usernames: stored?.telegram_usernames ?? [],
    webhooks: stored?.webhooks ?? [],
    slack_webhooks: stored?.slack_webhooks ?? [],
    discord_webhooks: stored?.discord_webhooks ?? [],
    mattermost_webhooks: stored?.mattermost_webhooks ?? [],
    bale_usernames: stored?.bale_usernames ?? [],
  };
}

const alertChannelInput = z.object({
  value: z.string().trim().min(1, { message: 'Empty values are not allowed.' }).max(300),
  is_verified: z.boolean().optional(),
});
export const alertChannelsInput = z.strictObject({
  emails: z.array(alertChannelInput).max(20).default([]),
  phones: z.array(alertChannelInput).max(20).default([]),
  telegram_usernames: z.array(alertChannelInput).max(20).default([]),
  webhooks: z.array(alertChannelInput).max(20).default([]),
  slack_webhooks: z.array(alertChannelInput).max(20).default([]),
  discord_webhooks: z.array(alertChannelInput).max(20).default([]),
  mattermost_webhooks: z.array(alertChannelInput).max(20).default([]),
  bale_usernames: z.array(alertChannelInput).max(20).default([]),
});

/**
 * What the demo account is told when it tries to change anything: the server's refusal (403
 * DEMO_READ_ONLY) and the web's disabled buttons say the same words.
 */
export const DEMO_READ_ONLY_TEXT = 'The demo account cannot be changed. Sign up to make your own.';

export const profile = z.object({
  id: z.number().int(),
  email: z.string(),
  is_verified: z.boolean(),
  is_staff: z.boolean(),
  is_demo: z.boolean(),
  charged_budget: z.number().int(),
  alert_channels: alertChannels,
  labels: z.array(z.string()),
  uid: z.string(),
  /** Keys the `X-Paydar-Signature` HMAC of this user's webhook deliveries. */
  webhook_secret: z.string(),
  /** An email change waiting for its confirmation link (mailed to this address) to be opened; `email` stays until then. */
  pending_email: z.string().nullable(),
  time_zone: z
    .string()
    .describe('IANA time zone (default Asia/Tehran) that every time on screen and in alert messages is shown in.'),
  calendar: z.enum(calendars).describe('The calendar every date on screen and in alert messages is shown in.'),
});
export type Profile = z.infer<typeof profile>;

/** The password the user has now, asked before an email or password change. */
export const currentPasswordField = z.string().min(1).max(PASSWORD_MAX_LENGTH);

export const updateProfileBody = z.strictObject({
  id: int4Id.optional(),
  email: emailField.optional(),
  /** Required when `email` changes. */
  current_password: currentPasswordField.optional(),
  alert_channels: alertChannelsInput.optional(),
  /** Where alert messages and the history give local times. */
  time_zone: timeZoneField.optional(),
  /** The calendar dates are shown in. */
  calendar: calendarField.optional(),
});

/** The token from the confirmation link mailed to the new address. */
export const confirmEmailChangeBody = z.strictObject({ token: z.string().min(1).max(200) });
export const confirmEmailChangeResponse = z.object({ success: z.literal(true), email: z.string() });

export const changePasswordBody = z.strictObject({
  current_password: currentPasswordField,
  password: newPasswordField,
});

export const impersonationIssued = z.object({
  token: z.string(),
  url: z.string(),
  expires_at: z.string(),
});
