import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser } from '../../../test/factories';
import { type FakeTelegramBotApi, startFakeTelegramBotApi } from '../../../test/fakes/telegram-bot-api';
import { startTestServer, type TestServer } from '../../../test/harness';
import type { ServiceContext } from '../../context';
import { telegramChats, telegramPollState } from '../../db/schema/index';
import { createTelegramClient } from '../alert-clients/telegram.client';
import {
  channelsOf,
  eventuallyTrue,
  givenChannels,
  putChannels,
  sayToBot,
  sendToken,
} from './alert-channels.test-support';
import { startTelegramBot, type TelegramBot } from './telegram-bot';
import { botTexts } from './telegram-bot.replies';
import { TELEGRAM_LINK_LIFETIME_MS, TELEGRAM_UNAVAILABLE_TEXT } from './telegram-channel.service';
import { unlinkTelegramChat } from './telegram-links.service';

const logger = pino({ level: 'silent' });
const fast = { lockRetryMs: 100, pollTimeoutSeconds: 1 };

let telegram: FakeTelegramBotApi;
let server: TestServer;
let bot: TelegramBot;
beforeAll(async () => {
  telegram = await startFakeTelegramBotApi();
  server = await startTestServer({
    TELEGRAM_API_BASE_URL: telegram.url,
    TELEGRAM_BOT_TOKEN: telegram.token,
    TELEGRAM_BOT_LINK: 'https://t.me/PaydarTestBot',
  });
  bot = startTelegramBot(server.context, logger, fast);
  await eventuallyTrue(() => bot.isPolling());
});
afterAll(async () => {
  await bot.stop();
  await server.close();
  await telegram.stop();
});
afterEach(() => {
  server.clock.offsetMs = 0;
});

let chatCounter = 5000;
const nextChat = () => ++chatCounter;
let nameCounter = 0;
const uniqueUsername = () => `@ops_${Date.now().toString(36)}_${++nameCounter}`;

/** Sends `text` to the bot as `username` from `chatId` and returns the bot's answer. */
const say = (chatId: number, text: string, username?: string) => sayToBot(telegram, chatId, text, username);

/** A user with a Telegram username in their profile and a fresh start token for it. */
async function userWithLink(): Promise<{ user: BuiltUser; username: string; token: string; link: string }> {
  const user = await buildUser(server);
  const username = uniqueUsername();
  await givenChannels(server, user, { telegram_usernames: [username] });
  const response = await sendToken(server, user.headers, 'telegram', username);
  expect(response.statusCode, response.body).toBe(200);
  const link: string = response.json().link;
  return { user, username, link, token: new URL(link).searchParams.get('start') ?? '' };
}

const chatRows = (userId: number) =>
  server.context.db
    .select({ username: telegramChats.username, chatId: telegramChats.chatId })
    .from(telegramChats)
    .where(eq(telegramChats.userId, userId));

describe('linking a chat with /start', () => {
  it('links the chat of the right account and verifies the username', async () => {
    const { user, username, link, token } = await userWithLink();
    expect(link).toBe(`https://t.me/PaydarTestBot?start=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect((await channelsOf(server, user)).telegram_usernames).toEqual([{ value: username, is_verified: false }]);

    const chat = nextChat();
    // Telegram names are case-insensitive: the sender's own spelling is theirs.
    const reply = await say(chat, `/start ${token}`, username.slice(1).toUpperCase());
    expect(reply).toBe(`Linked: you will get Paydar alerts for ${username} here. Send /stop to unlink.`);
    expect((await channelsOf(server, user)).telegram_usernames).toEqual([{ value: username, is_verified: true }]);
    expect(await chatRows(user.id)).toEqual([{ username, chatId: String(chat) }]);

    const again = await say(nextChat(), `/start ${token}`, username.slice(1));
    expect(again).toBe(botTexts.unknownLink('Paydar'));
  });

  it('refuses a link opened from another Telegram account; the right one can still use it', async () => {
    const { user, username, token } = await userWithLink();
    const reply = await say(nextChat(), `/start ${token}`, 'someone_else');
    expect(reply).toBe(botTexts.wrongAccount(username, '@someone_else'));
    expect(reply).toContain(`Open it from the Telegram account ${username}`);
    expect((await channelsOf(server, user)).telegram_usernames[0]?.is_verified).toBe(false);
    expect(await chatRows(user.id)).toEqual([]);

    const chat = nextChat();
    expect(await say(chat, `/start ${token}`, username.slice(1))).toMatch(/^Linked: /);
    expect(await chatRows(user.id)).toEqual([{ username, chatId: String(chat) }]);
  });

  it('links when Telegram does not tell the sender’s username', async () => {
    const { user, username, token } = await userWithLink();
    expect(await say(nextChat(), `/start ${token}`)).toMatch(/^Linked: /);
    expect((await channelsOf(server, user)).telegram_usernames).toEqual([{ value: username, is_verified: true }]);
  });

  it('answers an unknown or expired link without linking anything', async () => {
    expect(await say(nextChat(), '/start not-a-real-token')).toBe(botTexts.unknownLink('Paydar'));
    const { user, username, token } = await userWithLink();
    server.clock.offsetMs = TELEGRAM_LINK_LIFETIME_MS + 1000;
    expect(await say(nextChat(), `/start ${token}`, username.slice(1))).toBe(botTexts.unknownLink('Paydar'));
    expect(await chatRows(user.id)).toEqual([]);
    expect((await channelsOf(server, user)).telegram_usernames[0]?.is_verified).toBe(false);
  });

  it('answers other messages with help', async () => {
    expect(await say(nextChat(), 'hello there')).toBe(botTexts.help('Paydar'));
    expect(await say(nextChat(), '/start')).toBe(botTexts.help('Paydar'));
  });

  it('answers 503 on send_token when no bot is configured', async () => {
    const user = await buildUser(server);
    const username = uniqueUsername();
    await givenChannels(server, user, { telegram_usernames: [username] });
    const clients = server.context.alertClients;
    const configured = clients.telegram;
    clients.telegram = undefined;
    try {
      const response = await sendToken(server, user.headers, 'telegram', username);
      expect(response.statusCode).toBe(503);
      expect(response.json().detail).toBe(TELEGRAM_UNAVAILABLE_TEXT);
    } finally {
      clients.telegram = configured;
    }
  });
});

describe('unlinking', () => {
  it('unlinks the chat on /stop and marks the username unverified', async () => {
    const { user, username, token } = await userWithLink();
    const chat = nextChat();
    await say(chat, `/start ${token}`, username.slice(1));
    expect(await say(chat, '/stop')).toBe(botTexts.unlinked('Paydar', [username]));
    expect(await chatRows(user.id)).toEqual([]);
    expect((await channelsOf(server, user)).telegram_usernames).toEqual([{ value: username, is_verified: false }]);
    expect(await say(chat, '/stop')).toBe(botTexts.notLinked('Paydar'));
  });

  it('unlinks a chat that blocked the bot (unlinkTelegramChat), touching no other chat', async () => {
    const first = await userWithLink();
    const second = await userWithLink();
    const blockedChat = nextChat();
    const otherChat = nextChat();
    await say(blockedChat, `/start ${first.token}`);
    await say(otherChat, `/start ${second.token}`);
    const removed = await unlinkTelegramChat(server.context, blockedChat);
    expect(removed).toEqual([{ userId: first.user.id, username: first.username }]);
    expect((await channelsOf(server, first.user)).telegram_usernames[0]?.is_verified).toBe(false);
    expect((await channelsOf(server, second.user)).telegram_usernames[0]?.is_verified).toBe(true);
    expect(await chatRows(second.user.id)).toHaveLength(1);
  });

  it('drops the chat when the username leaves the profile; added again it starts unverified', async () => {
    const { user, username, token } = await userWithLink();
    await say(nextChat(), `/start ${token}`, username.slice(1));
    await givenChannels(server, user, { telegram_usernames: [] });
    expect(await chatRows(user.id)).toEqual([]);
    const back = await putChannels(server, user, { telegram_usernames: [username] });
    expect(back.json().alert_channels.telegram_usernames).toEqual([{ value: username, is_verified: false }]);
  });
});

describe('the poll loop', () => {
  it('goes on after an update whose reply fails, and does not fetch it again', async () => {
    const blocked = nextChat();
    telegram.block(blocked);
    const failing = telegram.pushMessage(blocked, 'hello');
    expect(await say(nextChat(), 'hello')).toBe(botTexts.help('Paydar'));
    await eventuallyTrue(() => telegram.pollRequests.some((request) => Number(request.offset) > failing.update_id));
    const [state] = await server.context.db.select().from(telegramPollState);
    expect(Number(state?.nextOffset)).toBeGreaterThan(failing.update_id);
  });
});

describe('one poller across replicas', () => {
  let other: FakeTelegramBotApi;
  let context: ServiceContext;
  const started: TelegramBot[] = [];
  const start = (options = fast) => {
    const instance = startTelegramBot(context, logger, options);
    started.push(instance);
    return instance;
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeAll(async () => {
    // A bot of its own (another token, so another lock and offset): the suite's bot does not compete.
    other = await startFakeTelegramBotApi({ token: '777000:other-bot-token' });
    context = {
      ...server.context,
      config: { ...server.config, TELEGRAM_BOT_TOKEN: other.token },
      alertClients: {
        ...server.context.alertClients,
        telegram: createTelegramClient({ baseUrl: other.url, botToken: other.token }),
      },
    };
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((instance) => instance.stop()));
  });
  afterAll(async () => {
    await other.stop();
  });

  it('polls from one of two; the other takes over when it stops, after the last handled update', async () => {
    const first = start();
    await eventuallyTrue(() => first.isPolling());
    const second = start();
    await sleep(600);
    expect(first.isPolling()).toBe(true);
    expect(second.isPolling()).toBe(false);

    const before = other.sent.length;
    const handled = other.pushMessage(9001, 'hello');
    await eventuallyTrue(() => other.sent.length === before + 1);
    await first.stop();
    const pollsBefore = other.pollRequests.length;
    await eventuallyTrue(() => second.isPolling());
    other.pushMessage(9002, 'hello');
    await eventuallyTrue(() => other.sent.length === before + 2);
    await sleep(500);

    expect(other.sent.slice(before).map((message) => String(message.chatId))).toEqual(['9001', '9002']);
    expect(Number(other.pollRequests[pollsBefore]?.offset)).toBe(handled.update_id + 1);
  });

  it('hands the lock over when the holder’s database connection drops', async () => {
    // The first retries only after a minute: whoever polls next must be the second.
    const first = start({ ...fast, lockRetryMs: 60_000 });
    await eventuallyTrue(() => first.isPolling());
    const second = start();
    await sleep(300);
    expect(second.isPolling()).toBe(false);

    const killed = await server.context.db.execute(sql`
      SELECT pg_terminate_backend(activity.pid) AS done
      FROM pg_stat_activity activity
      WHERE activity.datname = current_database()
        AND activity.application_name = 'paydar:telegram-poller:777000'
        AND activity.pid IN (SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted)`);
    expect(killed.rows).toHaveLength(1);

    await eventuallyTrue(() => second.isPolling());
    expect(first.isPolling()).toBe(false);
    const before = other.sent.length;
    other.pushMessage(9003, 'hello');
    await eventuallyTrue(() => other.sent.length === before + 1);
    await sleep(300);
    expect(other.sent.length).toBe(before + 1);
  });
});

describe('poll state', () => {
  it('keeps one offset row per bot, by its public id only', async () => {
    const rows = await server.context.db
      .select()
      .from(telegramPollState)
      .where(and(eq(telegramPollState.botId, '123456')));
    expect(rows).toHaveLength(1);
    const all = await server.context.db.select({ botId: telegramPollState.botId }).from(telegramPollState);
    expect(all.map((row) => row.botId).every((id) => /^\d+$/.test(id))).toBe(true);
  });
});
