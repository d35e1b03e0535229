import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BuiltUser } from '../../../test/factories';
import { type AlertWorld, buildAlertOwner, startAlertWorld } from './alerts.test-support';

/**
 * Test a channel from the Alert Center (issue 14): a marked test message through the real alert
 * senders, against the loopback fakes of SMTP, Kavenegar, Telegram and a webhook receiver.
 */
let world: AlertWorld;
beforeAll(async () => {
  world = await startAlertWorld();
});
afterAll(() => world.stop());

const MINUTE_MS = 60_000;
/** Rate-limit windows are aligned to the minute: start each test just after one, so none ends mid-test. */
beforeEach(() => {
  const now = Date.now();
  world.server.clock.offsetMs = Math.ceil(now / MINUTE_MS) * MINUTE_MS + 500 - now;
});

const testChannel = (user: BuiltUser | { headers: Record<string, string> }, type: string, value: string) =>
  world.server.app.inject({
    method: 'POST',
    url: '/api/v1/alert_channels/test',
    headers: user.headers,
    payload: { type, value },
  });

const verified = (value: string) => [{ value, is_verified: true }];

async function historyOf(user: BuiltUser, query = '') {
  const response = await world.server.app.inject({
    method: 'GET',
    url: `/api/v1/notification_history/${query}`,
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json().results as Array<Record<string, unknown>>;
}

describe('POST /api/v1/alert_channels/test: sent', () => {
  it('mails a marked test in the owner’s time zone and keeps it in the history as kind test', async () => {
    const owner = await buildAlertOwner(world, { emails: verified('tester@example.test') });
    const response = await testChannel(owner, 'email', 'Tester@Example.test');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      notification_type: 'email',
      recipient: 'tester@example.test',
      state: 'sent',
      is_sent: true,
      public_message: 'Sent.',
    });
    const mail = await world.server.inbox.waitFor('tester@example.test', /TEST/);
    expect(mail.subject).toBe('[Paydar] TEST: this is a test message');
    expect(mail.text).toMatch(/sent \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(Asia\/Tehran\) from the Alert Center/);
    const [row] = await historyOf(owner);
    expect(row).toMatchObject({
      id: response.json().id,
      kind: 'test',
      state: 'sent',
      is_sent: true,
      monitor: { id: null, url: null, host: null, name: null },
      reason: null,
      sent_time: expect.any(String),
    });
  });

  it('sends a phone an SMS, never a call', async () => {
    const owner = await buildAlertOwner(world, { phones: verified('09121110001') }, { plan: 'Gold' });
    const response = await testChannel(owner, 'phone', '0912 111 0001');
    expect(response.json()).toMatchObject({ notification_type: 'sms', state: 'sent' });
    const calls = world.kavenegar.calls.filter((call) => call.params.receptor === '09121110001');
    expect(calls.map((call) => call.method)).toEqual(['sms/send']);
    expect(calls[0]?.params.message).toMatch(/^Paydar: TEST: this is a test message, sent .* \(Asia\/Tehran\)\./);
  });

  it('messages the linked Telegram chat', async () => {
    const owner = await buildAlertOwner(
      world,
      { telegram_usernames: verified('@tester_chat') },
      { telegramChatIds: { '@tester_chat': 7001 } },
    );
    const response = await testChannel(owner, 'telegram', '@Tester_Chat');
    expect(response.json()).toMatchObject({ notification_type: 'telegram', state: 'sent' });
    const message = await world.telegram.waitForMessage((sent) => String(sent.chatId) === '7001');
    expect(message.text).toMatch(/^TEST: this is a test message from Paydar/);
  });

  it('posts a signed channel.test event to the webhook, in the profile’s time zone', async () => {
    const url = `${world.webhooks.url}/test-sent`;
    const owner = await buildAlertOwner(world, { webhooks: verified(url) });
    await world.server.context.db.execute(sql`UPDATE users SET time_zone = 'Europe/Berlin' WHERE id = ${owner.id}`);
    const response = await testChannel(owner, 'webhook', url);
    expect(response.json()).toMatchObject({ state: 'sent', public_message: 'Delivered (HTTP 204).' });
    const request = world.webhooks.requests.find((received) => received.path === '/test-sent');
    expect(request?.headers['x-paydar-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    const body = JSON.parse(request?.body ?? '{}');
    expect(body).toMatchObject({
      event: 'channel.test',
      kind: 'test',
      notification_id: response.json().id,
      monitor: null,
      time_zone: 'Europe/Berlin',
      local_time: expect.stringMatching(/ \(Europe\/Berlin\)$/),
    });
  });
});

describe('the owner’s calendar', () => {
  it('mails the time in the Jalali calendar once the owner picks it on the profile', async () => {
    const owner = await buildAlertOwner(world, { emails: verified('jalali@example.test') });
    const put = await world.server.app.inject({
      method: 'PUT',
      url: '/api/v1/users/profile',
      headers: owner.headers,
      payload: { calendar: 'jalali' },
    });
    expect(put.statusCode, put.body).toBe(200);
    await testChannel(owner, 'email', 'jalali@example.test');
    const mail = await world.server.inbox.waitFor('jalali@example.test', /TEST/);
    // Solar Hijri years are 621 or 622 behind: 14xx for this century's Gregorian 20xx.
    expect(mail.text).toMatch(/sent 14\d\d-\d\d-\d\d \d\d:\d\d:\d\d \(Asia\/Tehran\) from the Alert Center/);
  });
});

describe('failed: reported once, not retried', () => {
  it('says why when the webhook answers 500, and sends no second try', async () => {
    const url = `${world.webhooks.url}/test-500`;
    const owner = await buildAlertOwner(world, { webhooks: verified(url) });
    world.webhooks.respondNext(1, 500);
    const response = await testChannel(owner, 'webhook', url);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ state: 'failed', is_sent: false });
    expect(response.json().public_message).toMatch(/^Not sent: .*500/);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(world.webhooks.requests.filter((received) => received.path === '/test-500')).toHaveLength(1);
    const [row] = await historyOf(owner);
    expect(row).toMatchObject({ kind: 'test', state: 'failed', public_message: response.json().public_message });
  });

  it('says why when Kavenegar answers 403', async () => {
    const owner = await buildAlertOwner(world, { phones: verified('09121110002') });
    world.kavenegar.failReceptor('09121110002', { status: 403, message: 'forbidden' });
    try {
      const response = await testChannel(owner, 'phone', '09121110002');
      expect(response.json()).toMatchObject({ state: 'failed', notification_type: 'sms' });
      expect(response.json().public_message).toMatch(/^Not sent: /);
    } finally {
      world.kavenegar.failReceptor('09121110002', undefined);
    }
  });

  it('says why when the bot was blocked (Telegram 403), and unlinks the chat as an alert would', async () => {
    const owner = await buildAlertOwner(
      world,
      { telegram_usernames: verified('@blocked_tester') },
      { telegramChatIds: { '@blocked_tester': 7002 } },
    );
    world.telegram.block(7002);
    const response = await testChannel(owner, 'telegram', '@blocked_tester');
    expect(response.json()).toMatchObject({ state: 'failed' });
    expect(response.json().public_message).toMatch(/^Not sent: /);
    const chats = await world.server.context.db.execute(sql`SELECT 1 FROM telegram_chats WHERE user_id = ${owner.id}`);
    expect(chats.rows).toHaveLength(0);
  });

  it('says why when the mail server refuses it for now', async () => {
    const owner = await buildAlertOwner(world, { emails: verified('refused-test@example.test') });
    world.server.inbox.refuseNext = 1;
    const response = await testChannel(owner, 'email', 'refused-test@example.test');
    expect(response.json()).toMatchObject({ state: 'failed' });
    expect(response.json().public_message).toBe('Not sent: the mail server refused the message (451).');
  });
});

describe('refused', () => {
  it('refuses an unverified channel with a 400 on value, and sends nothing', async () => {
    const url = `${world.webhooks.url}/unverified`;
    const owner = await buildAlertOwner(world, { webhooks: [{ value: url, is_verified: false }] });
    const response = await testChannel(owner, 'webhook', url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('value');
    expect(world.webhooks.requests.filter((received) => received.path === '/unverified')).toHaveLength(0);
    expect(await historyOf(owner)).toEqual([]);
  });

  it("refuses another user's channel with 404, and sends nothing", async () => {
    const url = `${world.webhooks.url}/someone-elses`;
    await buildAlertOwner(world, { webhooks: verified(url) });
    const stranger = await buildAlertOwner(world, { emails: verified('stranger@example.test') });
    const response = await testChannel(stranger, 'webhook', url);
    expect(response.statusCode).toBe(404);
    expect(world.webhooks.requests.filter((received) => received.path === '/someone-elses')).toHaveLength(0);
    expect(await historyOf(stranger)).toEqual([]);
  });

  it('names the bad field: type, value, unknown fields; NUL bytes never reach the database', async () => {
    const owner = await buildAlertOwner(world, { emails: verified('fields@example.test') });
    const cases: Array<[unknown, string]> = [
      [{ type: 'pigeon', value: 'x' }, 'type'],
      [{ type: 'email' }, 'value'],
      [{ type: 'email', value: '' }, 'value'],
      [{ type: 'email', value: 'a'.repeat(301) }, 'value'],
      [{ type: 'email', value: 'fields@example.test\u0000' }, 'value'],
      [{ type: 'email', value: 'fields@example.test', extra: 1 }, 'extra'],
    ];
    for (const [payload, field] of cases) {
      const response = await world.server.app.inject({
        method: 'POST',
        url: '/api/v1/alert_channels/test',
        headers: owner.headers,
        payload: payload as object,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(response.json()), JSON.stringify(payload)).toContain(field);
    }
    expect(await historyOf(owner)).toEqual([]);
  });

  it('refuses the demo account and a caller without a session', async () => {
    const key = (await world.server.app.inject({ method: 'GET', url: '/api/v1/users/login_as_demo' })).json().key;
    const demo = await testChannel({ headers: { authorization: `Token ${key}` } }, 'email', 'demo@paydar.local');
    expect(demo.statusCode).toBe(403);
    expect(demo.json().code).toBe('DEMO_READ_ONLY');
    expect((await testChannel({ headers: {} }, 'email', 'x@example.test')).statusCode).toBe(401);
  });
});

describe('limits', () => {
  it('counts against the plan’s monthly allowance, and past it says so without sending', async () => {
    const owner = await buildAlertOwner(world, { emails: verified('allowance-test@example.test') });
    // Free allows 100 a month: 99 are used already.
    await world.server.context.db.execute(sql`
      INSERT INTO notifications (user_id, notification_type, recipient, state, is_sent, created_at)
      SELECT ${owner.id}, 'email', 'old@example.test', 'sent', true, now() FROM generate_series(1, 99)`);
    const first = await testChannel(owner, 'email', 'allowance-test@example.test');
    expect(first.json()).toMatchObject({ state: 'sent' });
    const second = await testChannel(owner, 'email', 'allowance-test@example.test');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      state: 'failed',
      public_message: "Not sent: your plan's 100 notifications for this month are used up.",
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(world.server.inbox.countTo('allowance-test@example.test', /TEST/)).toBe(1);
  });

  it('allows 5 tests a minute per user, then 429 until the next minute', async () => {
    const url = `${world.webhooks.url}/rate`;
    const owner = await buildAlertOwner(world, { webhooks: verified(url) });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1)
      statuses.push((await testChannel(owner, 'webhook', url)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(world.webhooks.requests.filter((received) => received.path === '/rate')).toHaveLength(5);
    world.server.clock.offsetMs += MINUTE_MS;
    expect((await testChannel(owner, 'webhook', url)).statusCode).toBe(200);
  });

  it('sends once when two clicks arrive together: the second is told a test is on its way', async () => {
    const url = `${world.webhooks.url}/double-click`;
    const owner = await buildAlertOwner(world, { webhooks: verified(url) });
    world.webhooks.setDelay(400);
    try {
      const responses = await Promise.all([testChannel(owner, 'webhook', url), testChannel(owner, 'webhook', url)]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      expect(world.webhooks.requests.filter((received) => received.path === '/double-click')).toHaveLength(1);
    } finally {
      world.webhooks.setDelay(0);
    }
    // Once the first is done, another test may go.
    expect((await testChannel(owner, 'webhook', url)).json()).toMatchObject({ state: 'sent' });
  });
});
