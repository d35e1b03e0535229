import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { type FakeTelegramBotApi, startFakeTelegramBotApi } from '../../../test/fakes/telegram-bot-api';
import { startTestServer, type TestServer } from '../../../test/harness';
import { telegramChats } from '../../db/schema/index';
import { channelsOf, eventuallyTrue, givenChannels, sayToBot, sendToken } from './alert-channels.test-support';
import { startTelegramBot, type TelegramBot } from './telegram-bot';
import { botTexts } from './telegram-bot.replies';

const logger = pino({ level: 'silent' });

// Bale's Bot API follows Telegram's: the Telegram fake with a Bale bot's token plays tapi.bale.ai.
let bale: FakeTelegramBotApi;
let telegram: FakeTelegramBotApi;
let server: TestServer;
let bot: TelegramBot;
let telegramBot: TelegramBot;
beforeAll(async () => {
  [bale, telegram] = await Promise.all([
    startFakeTelegramBotApi({ token: '424242:fake-bale-token' }),
    startFakeTelegramBotApi({ token: '515151:fake-telegram-token' }),
  ]);
  server = await startTestServer({
    BALE_API_BASE_URL: bale.url,
    BALE_BOT_TOKEN: bale.token,
    BALE_BOT_LINK: 'https://ble.ir/PaydarTestBot',
    TELEGRAM_API_BASE_URL: telegram.url,
    TELEGRAM_BOT_TOKEN: telegram.token,
  });
  bot = startTelegramBot(server.context, logger, { lockRetryMs: 100, pollTimeoutSeconds: 1, messenger: 'bale' });
  telegramBot = startTelegramBot(server.context, logger, { lockRetryMs: 100, pollTimeoutSeconds: 1 });
  await eventuallyTrue(() => bot.isPolling() && telegramBot.isPolling());
});
afterAll(async () => {
  await Promise.all([bot.stop(), telegramBot.stop()]);
  await server.close();
  await Promise.all([bale.stop(), telegram.stop()]);
});

let counter = 0;
const uniqueUsername = () => `@bale_${Date.now().toString(36)}_${++counter}`;

const say = (chatId: number, text: string, username?: string) => sayToBot(bale, chatId, text, username);

async function baleLink(username: string) {
  const user = await buildUser(server);
  await givenChannels(server, user, { bale_usernames: [username] });
  const response = await sendToken(server, user.headers, 'bale', username);
  expect(response.statusCode, response.body).toBe(200);
  const link = new URL(response.json().link);
  return { user, link, token: link.searchParams.get('start') ?? '', detail: response.json().detail as string };
}

describe('the Bale bot', () => {
  it('links a chat from a ble.ir start link, verifies the name, and alerts go to Bale', async () => {
    const username = uniqueUsername();
    const { user, link, token, detail } = await baleLink(username);
    expect(`${link.origin}${link.pathname}`).toBe('https://ble.ir/PaydarTestBot');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(detail).toBe(`Open the link in Bale and press Start to link ${username}.`);
    const telegramBefore = telegram.sent.length;
    const reply = await say(8101, `/start ${token}`, username.slice(1));
    expect(reply).toBe(botTexts.linked('Paydar', username));
    expect((await channelsOf(server, user)).bale_usernames).toEqual([{ value: username, is_verified: true }]);
    const [chat] = await server.context.db
      .select()
      .from(telegramChats)
      .where(and(eq(telegramChats.userId, user.id), eq(telegramChats.username, username)));
    expect(chat).toMatchObject({ messenger: 'bale', chatId: '8101' });

    const test = await server.app.inject({
      method: 'POST',
      url: '/api/v1/alert_channels/test',
      headers: user.headers,
      payload: { type: 'bale', value: username },
    });
    expect(test.json()).toMatchObject({ notification_type: 'bale', state: 'sent' });
    const message = await bale.waitForMessage((sent) => String(sent.chatId) === '8101' && /TEST/.test(sent.text));
    expect(message.text).toMatch(/^TEST: this is a test message from Paydar/);
    expect(telegram.sent.length).toBe(telegramBefore);
  });

  it('is not fooled by a Bale link opened from another account, nor by the Telegram bot', async () => {
    const username = uniqueUsername();
    const { user, token } = await baleLink(username);
    expect(await say(8102, `/start ${token}`, 'someone_else')).toBe(
      botTexts.wrongAccount(username, '@someone_else', 'Bale'),
    );
    // The same token sent to the Telegram bot is unknown there: a Bale proof links only a Bale chat.
    const before = telegram.sent.length;
    telegram.pushMessage(8103, `/start ${token}`, username.slice(1));
    await eventuallyTrue(() => telegram.sent.length > before);
    expect(telegram.sent.at(-1)?.text).toBe(botTexts.unknownLink('Paydar'));
    expect((await channelsOf(server, user)).bale_usernames[0]?.is_verified).toBe(false);
  });

  it('/stop unlinks the Bale chat only, and another user cannot get a link for the name', async () => {
    const username = uniqueUsername();
    const { user, token } = await baleLink(username);
    await say(8104, `/start ${token}`, username.slice(1));
    const stranger = await buildUser(server);
    const refused = await sendToken(server, stranger.headers, 'bale', username);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().value?.[0]).toMatch(/This Bale username is not in your alert channels/);
    expect(await say(8104, '/stop')).toBe(botTexts.unlinked('Paydar', [username]));
    expect((await channelsOf(server, user)).bale_usernames[0]?.is_verified).toBe(false);
  });

  it('answers help in Bale’s words', async () => {
    expect(await say(8105, 'hello')).toBe(botTexts.help('Paydar', 'Bale'));
  });
});
