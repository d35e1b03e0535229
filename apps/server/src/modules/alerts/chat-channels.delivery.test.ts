import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import type { ChatService, ReceivedChatMessage } from '../../../test/fakes/chat-webhooks';
import { deliverNotification } from './alert-delivery.service';
import { type AlertWorld, notificationRows, postResult, startAlertWorld, takeMonitorDown } from './alerts.test-support';

let world: AlertWorld;
beforeAll(async () => {
  world = await startAlertWorld();
});
afterAll(() => world.stop());

const verified = (value: string) => [{ value, is_verified: true }];

/** A URL of the fake for `service` that no other test posts to, so each test counts only its own messages. */
function uniqueUrl(service: ChatService): string {
  const tag = Math.random().toString(36).slice(2, 10);
  if (service === 'slack') return `${world.chats.url}/services/T${tag}/B0001/X${tag}`;
  if (service === 'discord') return `${world.chats.url}/api/webhooks/${Date.now()}/${tag}`;
  return `${world.chats.url}/team-${tag}/hooks/${tag}`;
}

/** The first attachment or embed of a message. */
const firstOf = (message: ReceivedChatMessage | undefined, key: 'attachments' | 'embeds') =>
  (message?.body?.[key] as Array<Record<string, unknown>> | undefined)?.[0];

const messagesTo = (url: string) => world.chats.received.filter((message) => url.endsWith(message.path));
const acceptedTo = (url: string) => messagesTo(url).filter((message) => message.status < 300);

async function settledRows(userId: number, count = 1) {
  return eventually(async () => {
    const rows = await notificationRows(world, userId);
    expect(rows).toHaveLength(count);
    for (const row of rows) expect(['sent', 'failed']).toContain(row.state);
    return rows;
  }, 15_000);
}

describe('a down alert in each service’s format', () => {
  it('posts Slack text with a red attachment and mrkdwn blocks', async () => {
    const url = uniqueUrl('slack');
    const { owner } = await takeMonitorDown(world, { slack_webhooks: verified(url) });
    const [row] = await settledRows(owner.id);
    expect(row).toMatchObject({ notification_type: 'slack', state: 'sent', is_sent: true });
    const [message] = acceptedTo(url) as [ReceivedChatMessage];
    expect(message.body?.text).toBe('[Paydar] DOWN: HTTP:shop');
    const attachment = firstOf(message, 'attachments');
    expect(attachment?.color).toBe('#e03131');
    const blocks = attachment?.blocks as Array<{ type: string; text?: { text: string } }>;
    expect(blocks[0]?.text?.text).toMatch(/^\*DOWN: HTTP:shop\*\nHTTP:shop is DOWN since /);
    expect(JSON.stringify(blocks[1])).toMatch(/<http:\/\/[^|]+\/monitor\/\d+\|Open in Paydar>/);
  });

  it('posts Discord content and an embed with colour and fields, mentioning nobody', async () => {
    const url = uniqueUrl('discord');
    const { owner } = await takeMonitorDown(world, { discord_webhooks: verified(url) });
    const [row] = await settledRows(owner.id);
    expect(row).toMatchObject({ notification_type: 'discord', state: 'sent' });
    expect(row?.public_message).toBe('Delivered (HTTP 204).');
    const [message] = acceptedTo(url) as [ReceivedChatMessage];
    expect(message.body?.allowed_mentions).toEqual({ parse: [] });
    const embed = firstOf(message, 'embeds');
    expect(embed).toMatchObject({ title: 'DOWN: HTTP:shop', color: 0xe03131 });
    const fields = embed?.fields as Array<{ name: string; value: string; inline: boolean }>;
    expect(fields.map((field) => [field.name, field.inline])).toEqual([
      ['Monitor', true],
      ['Time', true],
      ['Reason', false],
    ]);
  });

  it('posts Mattermost text and attachments under the product’s name', async () => {
    const url = uniqueUrl('mattermost');
    const { owner } = await takeMonitorDown(world, { mattermost_webhooks: verified(url) });
    const [row] = await settledRows(owner.id);
    expect(row).toMatchObject({ notification_type: 'mattermost', state: 'sent' });
    const [message] = acceptedTo(url) as [ReceivedChatMessage];
    expect(message.body).toMatchObject({ username: 'Paydar', text: '\\[Paydar\\] DOWN: HTTP:shop' });
    const attachment = firstOf(message, 'attachments');
    expect(attachment).toMatchObject({ color: '#e03131', title: 'DOWN: HTTP:shop' });
    expect(attachment?.title_link).toMatch(/\/monitor\/\d+$/);
  });

  it('sends Bale the plain text to the linked chat, through Bale’s bot and not Telegram’s', async () => {
    const telegramBefore = world.telegram.sent.length;
    const { owner } = await takeMonitorDown(
      world,
      { bale_usernames: verified('@bale_owner') },
      { baleChatIds: { '@bale_owner': 5150 } },
    );
    const [row] = await settledRows(owner.id);
    expect(row).toMatchObject({ notification_type: 'bale', recipient: '@bale_owner', state: 'sent' });
    const message = await world.bale.waitForMessage((sent) => sent.chatId === 5150 || sent.chatId === '5150');
    expect(message.text).toMatch(/^HTTP:shop is DOWN since /);
    expect(world.telegram.sent.length).toBe(telegramBefore);
  });
});

describe('what the services answer', () => {
  it('waits out Discord’s 429 retry_after and delivers once', async () => {
    const url = uniqueUrl('discord');
    world.chats.rateLimitNext('discord', 1, 1.5);
    const { owner } = await takeMonitorDown(world, { discord_webhooks: verified(url) });
    const row = await eventually(async () => {
      const [found] = await notificationRows(world, owner.id);
      expect(found?.state).toBe('sent');
      return found;
    });
    expect(row?.attempts).toBe(2);
    expect(messagesTo(url).map((message) => message.status)).toEqual([429, 204]);
  });

  it('shows Slack’s invalid_payload in the history and does not try again', async () => {
    const url = uniqueUrl('slack');
    world.chats.failNext('slack', 1, 400);
    const { owner } = await takeMonitorDown(world, { slack_webhooks: verified(url) });
    const [row] = await settledRows(owner.id);
    expect(row).toMatchObject({ state: 'failed', is_sent: false, attempts: 1 });
    expect(row?.public_message).toBe('Not sent: Slack answered HTTP 400: invalid_payload.');
    const history = await world.server.app.inject({
      method: 'GET',
      url: '/api/v1/notification_history/',
      headers: owner.headers,
    });
    expect(history.json().results[0]).toMatchObject({
      notification_type: 'slack',
      public_message: 'Not sent: Slack answered HTTP 400: invalid_payload.',
    });
    expect(messagesTo(url)).toHaveLength(1);
  });

  it('ends a Discord webhook that was deleted (404 Unknown Webhook) with the service’s words', async () => {
    const url = uniqueUrl('discord');
    world.chats.failNext('discord', 1, 404);
    const { owner } = await takeMonitorDown(world, { discord_webhooks: verified(url) });
    const [row] = await settledRows(owner.id);
    expect(row?.public_message).toBe('Not sent: Discord answered HTTP 404: Unknown Webhook.');
  });

  it('retries Mattermost’s 5xx and delivers on the next attempt', async () => {
    const url = uniqueUrl('mattermost');
    world.chats.failNext('mattermost', 1, 503);
    const { owner } = await takeMonitorDown(world, { mattermost_webhooks: verified(url) });
    await eventually(async () => expect((await notificationRows(world, owner.id))[0]?.state).toBe('sent'));
    expect(messagesTo(url).map((message) => message.status)).toEqual([503, 200]);
  });

  it('refuses a Slack URL that is not on Slack’s origin when the alert is due, naming the origin', async () => {
    const url = 'http://127.0.0.2:9/services/T1/B1/X1';
    const { owner } = await takeMonitorDown(world, { slack_webhooks: verified(url) });
    const [row] = await settledRows(owner.id);
    expect(row?.public_message).toBe(`Not sent: Slack webhooks must be on ${world.chats.url}.`);
  });
});

describe('at most once', () => {
  it('posts one Slack message however many workers race for the notification', async () => {
    const url = uniqueUrl('slack');
    const { owner } = await takeMonitorDown(world, { slack_webhooks: verified(url) });
    const id = await eventually(async () => {
      const rows = await world.server.context.db.execute<{ id: number }>(
        sql`SELECT id FROM notifications WHERE user_id = ${owner.id}`,
      );
      expect(rows.rows).toHaveLength(1);
      return rows.rows[0]?.id as number;
    });
    await Promise.all(Array.from({ length: 6 }, () => deliverNotification(world.server.context, id)));
    await settledRows(owner.id);
    expect(acceptedTo(url)).toHaveLength(1);
  });

  it('posts the recovery once too, in green', async () => {
    const url = uniqueUrl('discord');
    const { owner, monitorId, start } = await takeMonitorDown(world, { discord_webhooks: verified(url) });
    await settledRows(owner.id);
    for (const [index, prober] of ['A', 'B', 'C'].entries())
      await postResult(world, prober, monitorId, start + (302 + index) * 1000, true);
    const rows = await settledRows(owner.id, 2);
    expect(rows.map((row) => row.kind)).toEqual(['down', 'up']);
    const up = acceptedTo(url)[1];
    expect(firstOf(up, 'embeds')).toMatchObject({
      title: 'UP: HTTP:shop',
      color: 0x2f9e44,
    });
    expect(acceptedTo(url)).toHaveLength(2);
  });
});
