import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import { verifyWebhookSignature } from '../alert-clients/webhook.client';
import { dispatchPendingEvents } from './alert-dispatch.service';
import {
  type AlertWorld,
  allChannelRefs,
  buildAlertOwner,
  createAlertedMonitor,
  notificationRows,
  postResult,
  startAlertWorld,
} from './alerts.test-support';

let world: AlertWorld;
beforeAll(async () => {
  world = await startAlertWorld();
});
afterAll(() => world.stop());

const SECOND = 1000;

describe('a monitor the majority of its probers see failing, then recovering', () => {
  const webhookPath = '/hooks/paydar';
  let channels: Parameters<typeof buildAlertOwner>[1];
  let owner: Awaited<ReturnType<typeof buildAlertOwner>>;
  let monitorId: number;
  let majorityFailedAt: number;
  let firstAlertAt: number;

  beforeAll(async () => {
    channels = {
      emails: [
        { value: 'ops-majority@example.test', is_verified: true },
        { value: 'unverified-majority@example.test', is_verified: false },
      ],
      phones: [
        { value: '09120000001', is_verified: true },
        { value: '09120000002', is_verified: false },
      ],
      telegram_usernames: [
        { value: '@ops_majority', is_verified: true },
        { value: '@not_yet_linked', is_verified: false },
      ],
      webhooks: [
        { value: `${world.webhooks.url}${webhookPath}`, is_verified: true },
        { value: `${world.webhooks.url}/unverified`, is_verified: false },
      ],
    };
    owner = await buildAlertOwner(world, channels, { plan: 'Gold', telegramChatIds: { '@ops_majority': 7001 } });
    ({ id: monitorId } = await createAlertedMonitor(world, owner, allChannelRefs(channels)));
    const start = Date.now() - 10 * 60 * SECOND;
    for (const prober of ['A', 'B', 'C']) await postResult(world, prober, monitorId, start, true);
    // A fails, opening a confirmation round; C's success and B's failure answer it: down from A's failure.
    await postResult(world, 'A', monitorId, start + 60 * SECOND, false);
    await postResult(world, 'C', monitorId, start + 61 * SECOND, true);
    await postResult(world, 'B', monitorId, start + 62 * SECOND, false);
    majorityFailedAt = Date.now();
    const firstWebhook = await world.webhooks.waitForRequest((request) => request.path === webhookPath, 10_000);
    firstAlertAt = Date.now();
    expect(JSON.parse(firstWebhook.body).state).toBe('down');
    // More failures while down change nothing; then the majority sees it working again 65 minutes later.
    await postResult(world, 'A', monitorId, start + 120 * SECOND, false);
    await postResult(world, 'B', monitorId, start + 122 * SECOND, false);
    await eventually(async () => expect(await notificationRows(world, owner.id)).toHaveLength(5));
    await postResult(world, 'A', monitorId, start + 302 * SECOND, true);
    await postResult(world, 'B', monitorId, start + 303 * SECOND, true);
    await eventually(async () => {
      const rows = await notificationRows(world, owner.id);
      expect(rows).toHaveLength(9);
      expect(rows.every((row) => row.state === 'sent')).toBe(true);
    });
  });

  it('alerts the first channel within 5 s of the majority failing', () => {
    expect(firstAlertAt - majorityFailedAt).toBeLessThan(5 * SECOND);
  });

  it('sends exactly one down and one up to each verified channel, and nothing to unverified ones', async () => {
    const rows = await notificationRows(world, owner.id);
    const sent = rows.map((row) => `${row.kind} ${row.notification_type} ${row.recipient}`).sort();
    const hook = `${world.webhooks.url}${webhookPath}`;
    expect(sent).toEqual(
      [
        'down call 09120000001',
        'down email ops-majority@example.test',
        'down sms 09120000001',
        'down telegram @ops_majority',
        `down webhook ${hook}`,
        'up email ops-majority@example.test',
        'up sms 09120000001',
        'up telegram @ops_majority',
        `up webhook ${hook}`,
      ].sort(),
    );
    expect(rows.every((row) => row.is_sent && row.attempts === 1)).toBe(true);

    const mails = world.server.inbox.messages.filter((mail) => mail.to.includes('ops-majority@example.test'));
    expect(mails.map((mail) => mail.subject)).toEqual(['[Paydar] DOWN: HTTP:shop', '[Paydar] UP: HTTP:shop']);
    expect(mails[1]?.text).toContain('It was down for 4 minutes');
    // The time in the owner's zone, fixed into the facts at dispatch (new accounts: Asia/Tehran).
    expect(mails[0]?.text).toMatch(/HTTP:shop is DOWN since \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(Asia\/Tehran\)\./);
    expect(world.server.inbox.messages.some((mail) => mail.to.includes('unverified-majority@example.test'))).toBe(
      false,
    );

    const sms = world.kavenegar.calls.filter((call) => call.method === 'sms/send');
    expect(sms.map((call) => call.params.receptor)).toEqual(['09120000001', '09120000001']);
    expect(sms[0]?.params.message).toContain('HTTP:shop is DOWN since');
    expect(sms[0]?.params.message).toContain('(HTTP 503)');
    expect(sms[1]?.params.message).toMatch(
      /^Paydar: HTTP:shop is UP again at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(Asia\/Tehran\) after 4 minutes down\.$/,
    );
    const calls = world.kavenegar.calls.filter((call) => call.method === 'call/maketts');
    expect(calls.map((call) => call.params.receptor)).toEqual(['09120000001']);

    const telegram = world.telegram.sent.filter((message) => String(message.chatId) === '7001');
    expect(telegram).toHaveLength(2);
    expect(telegram[1]?.text).toContain('is UP again');

    const hooks = world.webhooks.requests.filter((request) => request.path.startsWith('/'));
    expect(hooks.map((request) => request.path)).toEqual([webhookPath, webhookPath]);
  });

  it('signs webhooks with the owner’s secret and says how long the outage was', async () => {
    const secret = (
      await world.server.context.db.execute<{ webhook_secret: string }>(
        sql`SELECT webhook_secret FROM users WHERE id = ${owner.id}`,
      )
    ).rows[0]?.webhook_secret as string;
    const requests = world.webhooks.requests.filter((request) => request.path === webhookPath);
    for (const request of requests) {
      expect(
        verifyWebhookSignature(
          request.body,
          String(request.headers['x-paydar-timestamp']),
          String(request.headers['x-paydar-signature']),
          secret,
        ),
      ).toBe(true);
    }
    const up = JSON.parse(requests[1]?.body ?? '{}');
    expect(up).toMatchObject({
      event: 'monitor.up',
      state: 'up',
      monitor: { id: monitorId, name: 'HTTP:shop', url: 'http://shop.example.test/' },
      // From A's failure that opened the confirmation round (60 s) to A's success that opened the
      // recovery's (302 s).
      downtime: { duration_seconds: 242 },
    });
    expect(
      verifyWebhookSignature(
        requests[0]?.body ?? '',
        String(requests[0]?.headers['x-paydar-timestamp']),
        String(requests[0]?.headers['x-paydar-signature']),
        'another-secret',
      ),
    ).toBe(false);
  });

  it('shows them in the owner’s notification history and nobody else’s', async () => {
    const history = await world.server.app.inject({
      method: 'GET',
      url: '/api/v1/notification_history/?limit=20',
      headers: owner.headers,
    });
    expect(history.json().count).toBe(9);
    expect(history.json().results[0]).toMatchObject({
      is_sent: true,
      state: 'sent',
      kind: 'up',
      monitor: { id: monitorId, name: 'HTTP:shop' },
      sent_time: expect.any(String),
    });
    const downs = history.json().results.filter((row: { kind: string }) => row.kind === 'down');
    // Email, SMS, the call (Gold), Telegram and the webhook.
    expect(downs).toHaveLength(5);
    expect(downs.every((row: { reason: string }) => row.reason === 'HTTP 503')).toBe(true);
    const stranger = await buildAlertOwner(world, {});
    const theirs = await world.server.app.inject({
      method: 'GET',
      url: '/api/v1/notification_history/',
      headers: stranger.headers,
    });
    expect(theirs.json().count).toBe(0);
  });
});

describe('one prober alone failing', () => {
  it('sends nothing', async () => {
    const channels = { emails: [{ value: 'lonely@example.test', is_verified: true }] };
    const owner = await buildAlertOwner(world, channels);
    const { id: monitorId } = await createAlertedMonitor(world, owner, allChannelRefs(channels));
    const start = Date.now() - 10 * 60 * SECOND;
    for (const prober of ['A', 'B', 'C']) await postResult(world, prober, monitorId, start, true);
    for (let tick = 1; tick <= 5; tick += 1) {
      await postResult(world, 'A', monitorId, start + tick * 60 * SECOND, false);
      await postResult(world, 'B', monitorId, start + tick * 60 * SECOND + 1, true);
      await postResult(world, 'C', monitorId, start + tick * 60 * SECOND + 2, true);
    }
    await dispatchPendingEvents(world.server.context);
    const events = await world.server.context.db.execute(
      sql`SELECT 1 FROM monitor_events WHERE monitor_id = ${monitorId}`,
    );
    expect(events.rows).toHaveLength(0);
    expect(await notificationRows(world, owner.id)).toEqual([]);
  });
});
