import type { ChatWebhookType } from '@paydar/contracts/alert-channels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { type FakeChatWebhooks, startFakeChatWebhooks } from '../../../test/fakes/chat-webhooks';
import { startTestServer, type TestServer } from '../../../test/harness';
import { registerAlertChannelWorkers } from './alert-channels.jobs';
import { channelsOf, eventuallyTrue, givenChannels, putChannels, sendToken } from './alert-channels.test-support';

let server: TestServer;
let chats: FakeChatWebhooks;
beforeAll(async () => {
  chats = await startFakeChatWebhooks();
  server = await startTestServer({
    ALLOW_PRIVATE_TARGETS: 'true',
    SLACK_WEBHOOK_ORIGINS: chats.url,
    DISCORD_WEBHOOK_ORIGINS: chats.url,
  });
  await registerAlertChannelWorkers(server.context);
});
afterAll(async () => {
  await server.close();
  await chats.stop();
});

let counter = 0;
/** A webhook URL of the fake no other test uses. */
function hookOf(type: ChatWebhookType): string {
  counter += 1;
  if (type === 'slack') return `${chats.url}/services/T${counter}/B${counter}/X${Date.now()}`;
  if (type === 'discord') return `${chats.url}/api/webhooks/${Date.now()}${counter}/token-${counter}`;
  return `${chats.url}/mm${counter}/hooks/h${Date.now()}${counter}`;
}
const KEYS = { slack: 'slack_webhooks', discord: 'discord_webhooks', mattermost: 'mattermost_webhooks' } as const;
const to = (url: string) => chats.received.filter((message) => url.endsWith(message.path));

describe.each(['slack', 'discord', 'mattermost'] as const)('%s webhooks', (type) => {
  it('are verified by a test message in the service’s format, queued when the profile adds one', async () => {
    const user = await buildUser(server);
    const url = hookOf(type);
    await givenChannels(server, user, { [KEYS[type]]: [url] });
    await eventuallyTrue(async () => (await channelsOf(server, user))[KEYS[type]][0]?.is_verified === true);
    const [message] = to(url);
    expect(message?.status).toBeLessThan(300);
    expect(JSON.stringify(message?.body)).toContain('TEST: this is a test message');
  });

  it('send_token tests one now; a refusal is a 400 on value with the service’s words', async () => {
    const user = await buildUser(server);
    const url = hookOf(type);
    chats.failNext(type, 1, 404);
    await givenChannels(server, user, { [KEYS[type]]: [url] });
    await eventuallyTrue(() => to(url).length === 1);
    const answer = await sendToken(server, user.headers, type, url);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ is_verified: true });
    expect(answer.json().alert_channels[KEYS[type]][0]).toEqual({ value: url, is_verified: true });

    const other = await buildUser(server);
    const failing = hookOf(type);
    chats.failNext(type, 1, 404);
    await givenChannels(server, other, { [KEYS[type]]: [failing] });
    await eventuallyTrue(() => to(failing).length === 1);
    chats.failNext(type, 1, 404);
    const refused = await sendToken(server, other.headers, type, failing);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().value?.[0]).toMatch(/^The test delivery failed: .* answered HTTP 404/);
  });

  it('another user cannot test or verify someone else’s', async () => {
    const owner = await buildUser(server);
    const url = hookOf(type);
    await givenChannels(server, owner, { [KEYS[type]]: [url] });
    const stranger = await buildUser(server);
    const before = to(url).length;
    const answer = await sendToken(server, stranger.headers, type, url);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().value?.[0]).toMatch(/is not in your alert channels/);
    const test = await server.app.inject({
      method: 'POST',
      url: '/api/v1/alert_channels/test',
      headers: stranger.headers,
      payload: { type, value: url },
    });
    expect(test.statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(to(url).length).toBe(before);
  });
});

describe('addresses refused when saved, each with its field named', () => {
  it.each([
    ['slack_webhooks', 'https://hooks.slack.com/services/not-enough', /incoming webhook address Slack gives/],
    ['discord_webhooks', 'https://discord.com/api/webhooks/abc/def', /incoming webhook address Discord gives/],
    ['mattermost_webhooks', 'https://chat.example.test/api/v4/posts', /incoming webhook address Mattermost gives/],
    ['slack_webhooks', 'https://hooks.slack.com.evil.test/services/T1/B1/X1', /Slack webhook addresses start with/],
    ['discord_webhooks', 'https://evil.test/api/webhooks/1/abc', /Discord webhook addresses start with/],
    ['mattermost_webhooks', 'ftp://chat.example.test/hooks/abc', /full http/],
    ['bale_usernames', '@a', /Bale username/],
  ] as const)('%s: %s', async (key, value, message) => {
    const user = await buildUser(server);
    const answer = await putChannels(server, user, { [key]: [value] });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()[`alert_channels.${key}.0.value`]?.[0]).toMatch(message);
  });

  it('a NUL byte or a huge value is a 400 naming the field, never a 500', async () => {
    const user = await buildUser(server);
    const nul = await putChannels(server, user, { slack_webhooks: [`${hookOf('slack')}\u0000`] });
    expect(nul.statusCode).toBe(400);
    expect(Object.keys(nul.json())).toContain('alert_channels.slack_webhooks.0.value');
    const huge = await putChannels(server, user, { discord_webhooks: [`${hookOf('discord')}${'x'.repeat(400)}`] });
    expect(huge.statusCode).toBe(400);
  });

  it('a self-hosted Mattermost on a private address is refused when posting unless private targets are allowed', async () => {
    const { createChatWebhookClient } = await import('../alert-clients/chat-webhook.client');
    const client = createChatWebhookClient({
      timeoutMs: 10_000,
      allowPrivateTargets: false,
      origins: { slack: [], discord: [] },
    });
    await expect(client.post('mattermost', `${chats.url}/hooks/abc`, { text: 'x' })).rejects.toMatchObject({
      kind: 'refused-target',
      retryable: false,
    });
    await expect(client.post('mattermost', 'http://169.254.169.254/hooks/abc', { text: 'x' })).rejects.toMatchObject({
      kind: 'refused-target',
    });
  });
});
