import { type AlertChannels, completeAlertChannels } from '@paydar/contracts/accounts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { checkResult } from '../../../test/check-results';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { type FakeChatWebhooks, startFakeChatWebhooks } from '../../../test/fakes/chat-webhooks';
import { type FakeKavenegar, startFakeKavenegar } from '../../../test/fakes/kavenegar';
import { type FakeTelegramBotApi, startFakeTelegramBotApi } from '../../../test/fakes/telegram-bot-api';
import { type FakeWebhookReceiver, startFakeWebhookReceiver } from '../../../test/fakes/webhook-receiver';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addProber } from '../../admin/prober.commands';
import type { AlertChannelRef } from '../../db/schema/monitors';

/** The whole server with every outside service of alerting faked on loopback, and three probers. */
export interface AlertWorld {
  server: TestServer;
  kavenegar: FakeKavenegar;
  telegram: FakeTelegramBotApi;
  webhooks: FakeWebhookReceiver;
  /** Slack, Discord and Mattermost incoming webhooks. */
  chats: FakeChatWebhooks;
  /** Bale's Bot API, which follows Telegram's: the same fake with Bale's bot. */
  bale: FakeTelegramBotApi;
  /** Prober name → its key and id. */
  probers: Record<string, { key: string; id: number }>;
  stop(): Promise<void>;
}

export async function startAlertWorld(environment: Record<string, string> = {}): Promise<AlertWorld> {
  const [kavenegar, telegram, webhooks, chats, bale] = await Promise.all([
    startFakeKavenegar({ apiKey: 'kavenegar-test-key' }),
    startFakeTelegramBotApi(),
    startFakeWebhookReceiver(),
    startFakeChatWebhooks(),
    startFakeTelegramBotApi({ token: '987654:fake-bale-token' }),
  ]);
  const server = await startTestServer({
    KAVENEGAR_BASE_URL: kavenegar.url,
    KAVENEGAR_API_KEY: 'kavenegar-test-key',
    TELEGRAM_API_BASE_URL: telegram.url,
    TELEGRAM_BOT_TOKEN: telegram.token,
    BALE_API_BASE_URL: bale.url,
    BALE_BOT_TOKEN: bale.token,
    SLACK_WEBHOOK_ORIGINS: chats.url,
    DISCORD_WEBHOOK_ORIGINS: chats.url,
    ALLOW_PRIVATE_TARGETS: 'true',
    ALERT_RETRY_DELAY_SECONDS: '1',
    ...environment,
  });
  const probers: AlertWorld['probers'] = {};
  for (const name of ['A', 'B', 'C']) {
    const output = await addProber(server.context, `${name}-alerts`, { country: 'DE' });
    probers[name] = { key: output.split('\n')[1] ?? '', id: Number(/id (\d+)/.exec(output)?.[1]) };
  }
  return {
    server,
    kavenegar,
    telegram,
    webhooks,
    chats,
    bale,
    probers,
    async stop() {
      await server.close();
      await Promise.all([kavenegar.stop(), telegram.stop(), webhooks.stop(), chats.stop(), bale.stop()]);
    },
  };
}

/** A user whose profile holds these channels as given (verified or not), with a Telegram chat linked per verified name. */
export async function buildAlertOwner(
  world: AlertWorld,
  channels: Partial<AlertChannels>,
  options: { plan?: string; telegramChatIds?: Record<string, number>; baleChatIds?: Record<string, number> } = {},
): Promise<BuiltUser> {
  const user = await buildUser(world.server);
  if (options.plan) await setPlan(world.server, user.id, options.plan);
  const all: AlertChannels = completeAlertChannels(channels);
  await world.server.context.db.execute(
    sql`UPDATE users SET alert_channels = ${JSON.stringify(all)}::jsonb WHERE id = ${user.id}`,
  );
  for (const [username, chatId] of Object.entries(options.telegramChatIds ?? {})) {
    await world.server.context.db.execute(
      sql`INSERT INTO telegram_chats (user_id, username, chat_id) VALUES (${user.id}, ${username}, ${String(chatId)})`,
    );
  }
  for (const [username, chatId] of Object.entries(options.baleChatIds ?? {})) {
    await world.server.context.db.execute(
      sql`INSERT INTO telegram_chats (messenger, user_id, username, chat_id)
        VALUES ('bale', ${user.id}, ${username}, ${String(chatId)})`,
    );
  }
  return user;
}

/** Every channel the user has, as a monitor's `alert` list. */
export function allChannelRefs(channels: Partial<AlertChannels>): AlertChannelRef[] {
  return (Object.entries(channels) as Array<[AlertChannelRef['type'], AlertChannels['emails']]>).flatMap(
    ([type, entries]) => entries.map((entry) => ({ type, value: entry.value })),
  );
}

export async function createAlertedMonitor(world: AlertWorld, user: BuiltUser, alert: AlertChannelRef[]) {
  const response = await world.server.app.inject({
    method: 'POST',
    url: '/api/v1/monitors/',
    headers: user.headers,
    payload: {
      protocol_type: 'HTTP',
      url: 'http://shop.example.test/',
      alias: 'shop',
      period: 300,
      apdex: 0.5,
      probers: Object.values(world.probers).map((prober) => prober.id),
      alert,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

/** A monitor alerting these channels (of a new owner), taken down by the majority of its probers. */
export async function takeMonitorDown(
  world: AlertWorld,
  channels: Parameters<typeof buildAlertOwner>[1],
  options: Parameters<typeof buildAlertOwner>[2] = {},
) {
  const owner = await buildAlertOwner(world, channels, options);
  const { id: monitorId } = await createAlertedMonitor(world, owner, allChannelRefs(channels));
  const start = Date.now() - 10 * 60_000;
  for (const prober of ['A', 'B', 'C']) await postResult(world, prober, monitorId, start, true);
  // Two of three fail and the third answers the round too: the round is decided at once by the
  // majority, rather than after waiting CONFIRMATION_WAIT_MS for a prober that stays silent.
  await postResult(world, 'A', monitorId, start + 60_000, false);
  await postResult(world, 'C', monitorId, start + 60_500, true);
  await postResult(world, 'B', monitorId, start + 61_000, false);
  return { owner, monitorId, start };
}

/** One prober's verdict on a monitor at `time`, through the agent API as a real prober sends it. */
export async function postResult(world: AlertWorld, prober: string, monitorId: number, time: number, success: boolean) {
  const response = await world.server.app.inject({
    method: 'POST',
    url: '/api/agent/v1/results',
    headers: { authorization: `Prober ${world.probers[prober]?.key}` },
    payload: {
      results: [checkResult(monitorId, time, success, { response: 10, duration: 20 })],
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().accepted).toBe(1);
}

export async function notificationRows(world: AlertWorld, userId: number) {
  const result = await world.server.context.db.execute<{
    notification_type: string;
    recipient: string;
    state: string;
    is_sent: boolean;
    public_message: string;
    attempts: number;
    kind: string;
  }>(sql`SELECT n.notification_type, n.recipient, n.state, n.is_sent, n.public_message, n.attempts, n.facts->>'kind' AS kind
    FROM notifications n WHERE n.user_id = ${userId} ORDER BY n.id`);
  return result.rows;
}
