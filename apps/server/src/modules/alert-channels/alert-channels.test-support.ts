import { randomInt } from 'node:crypto';
import { type AlertChannels, completeAlertChannels } from '@paydar/contracts/accounts';
import type { AlertChannelType } from '@paydar/contracts/alert-channels';
import { eventually } from '../../../test/eventually';
import type { BuiltUser } from '../../../test/factories';
import type { FakeTelegramBotApi } from '../../../test/fakes/telegram-bot-api';
import type { TestServer } from '../../../test/harness';

type ChannelValues = Partial<Record<keyof AlertChannels, string[]>>;

/** PUT profile with these channel values (the other lists empty). */
export function putChannels(server: TestServer, user: BuiltUser, channels: ChannelValues) {
  const list = (key: keyof AlertChannels) => (channels[key] ?? []).map((value) => ({ value }));
  return server.app.inject({
    method: 'PUT',
    url: '/api/v1/users/profile',
    headers: user.headers,
    payload: {
      alert_channels: Object.fromEntries(
        (Object.keys(completeAlertChannels({})) as Array<keyof AlertChannels>).map((key) => [key, list(key)]),
      ),
    },
  });
}

/** PUT the channels and fail loudly unless the profile took them. */
export async function givenChannels(server: TestServer, user: BuiltUser, channels: ChannelValues): Promise<void> {
  const response = await putChannels(server, user, channels);
  if (response.statusCode !== 200) throw new Error(`PUT profile answered ${response.statusCode}: ${response.body}`);
}

export function sendToken(server: TestServer, headers: Record<string, string>, type: AlertChannelType, value: string) {
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/users/alert_channel/send_token',
    headers,
    payload: { channel_type: type, value },
  });
}

export function verifyToken(
  server: TestServer,
  headers: Record<string, string>,
  type: AlertChannelType,
  value: string,
  token: string,
) {
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/users/alert_channel/verify',
    headers,
    payload: { channel_type: type, value, token },
  });
}

export async function channelsOf(server: TestServer, user: BuiltUser): Promise<AlertChannels> {
  const response = await server.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers: user.headers });
  return response.json().alert_channels;
}

/** An Iranian mobile number no other test uses (rate limits count per number). */
export const uniquePhone = () => `0912${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

/** Polls `check` until it returns true, up to the loaded machine's bound (test/eventually.ts). */
export async function eventuallyTrue(check: () => Promise<boolean> | boolean): Promise<void> {
  await eventually(async () => {
    if (!(await check())) throw new Error('condition not met');
  });
}

/** Sends `text` to a bot (Telegram's or Bale's fake) as `username` from `chatId` and returns the bot's answer. */
export async function sayToBot(
  bot: FakeTelegramBotApi,
  chatId: number,
  text: string,
  username?: string,
): Promise<string> {
  const before = bot.sent.length;
  bot.pushMessage(chatId, text, username);
  const answered = () => bot.sent.slice(before).find((message) => String(message.chatId) === String(chatId));
  await eventuallyTrue(() => answered() !== undefined);
  return answered()?.text ?? '';
}
