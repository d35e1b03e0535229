import { completeAlertChannels } from '@paydar/contracts/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, uniqueEmail } from '../../../test/factories';
import { linkIn } from '../../../test/fakes/smtp-inbox';
import { type FakeWebhookReceiver, startFakeWebhookReceiver } from '../../../test/fakes/webhook-receiver';
import { startTestServer, type TestServer } from '../../../test/harness';
import { verifyWebhookSignature } from '../alert-clients/webhook.client';
import { registerAlertChannelWorkers } from './alert-channels.jobs';
import {
  channelsOf,
  eventuallyTrue,
  givenChannels,
  putChannels,
  sendToken,
  uniquePhone,
  verifyToken,
} from './alert-channels.test-support';
import { setChannelVerified } from './channel-state';

let server: TestServer;
let receiver: FakeWebhookReceiver;
beforeAll(async () => {
  receiver = await startFakeWebhookReceiver();
  server = await startTestServer({ ALLOW_PRIVATE_TARGETS: 'true' });
  await registerAlertChannelWorkers(server.context);
});
afterAll(async () => {
  await server.close();
  await receiver.stop();
});
afterEach(() => {
  server.clock.offsetMs = 0;
});

const CHANNEL_MAIL = /^Confirm .* for Paydar alerts$/;
let hookCounter = 0;
const uniqueHook = (path = 'hook') => `${receiver.url}/${path}-${++hookCounter}`;
const hits = (url: string) => receiver.requests.filter((request) => url.endsWith(request.path));

describe('email channels', () => {
  it('mails a link to a newly added address; the link verifies it once', async () => {
    const user = await buildUser(server);
    const address = uniqueEmail('ops');
    const put = await putChannels(server, user, { emails: [` ${address.toUpperCase()} `] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().alert_channels.emails).toEqual([{ value: address, is_verified: false }]);

    const mail = await server.inbox.waitFor(address, CHANNEL_MAIL);
    const link = linkIn(mail, 'http://dashboard.test/settings?');
    expect(link.searchParams.get('verify_channel')).toBe('email');
    expect(link.searchParams.get('value')).toBe(address);
    const token = link.searchParams.get('token') ?? '';

    const verified = await verifyToken(server, user.headers, 'email', address, token);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ detail: 'Your email is now verified!' });
    expect((await channelsOf(server, user)).emails).toEqual([{ value: address, is_verified: true }]);
  });

  it('sends a new link on send_token that replaces the old one, which then fails', async () => {
    // Windows are aligned to the minute: start just after a boundary so the PUT and the first send share one.
    const now = Date.now();
    server.clock.offsetMs = Math.ceil(now / 60_000) * 60_000 + 1000 - now;
    const user = await buildUser(server);
    const address = uniqueEmail('ops');
    await givenChannels(server, user, { emails: [address] });
    const first = linkIn(await server.inbox.waitFor(address, CHANNEL_MAIL), 'http://dashboard.test/settings?');

    // The PUT's mail counts against the one-a-minute limit of the address.
    const tooSoon = await sendToken(server, user.headers, 'email', address);
    expect(tooSoon.statusCode).toBe(429);
    server.clock.offsetMs += 61_000;
    const sent = await sendToken(server, user.headers, 'email', address);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ detail: `We sent a verification link to ${address}`, is_verified: false });
    await eventuallyTrue(() => server.inbox.countTo(address, CHANNEL_MAIL) === 2);
    const [, latest] = server.inbox.messages.filter((mail) => mail.to.includes(address));
    if (!latest) throw new Error('no second mail');
    const second = linkIn(latest, 'http://dashboard.test/settings?');

    const old = await verifyToken(server, user.headers, 'email', address, first.searchParams.get('token') ?? '');
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe('INVALID_TOKEN');
    const fresh = await verifyToken(server, user.headers, 'email', address, second.searchParams.get('token') ?? '');
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('verifies the verified login address at once, with no mail', async () => {
    const user = await buildUser(server);
    const put = await putChannels(server, user, { emails: [user.email.toUpperCase()] });
    expect(put.json().alert_channels.emails).toEqual([{ value: user.email, is_verified: true }]);
    const again = await sendToken(server, user.headers, 'email', user.email);
    expect(again.json()).toMatchObject({ is_verified: true, detail: 'This email is already verified.' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(server.inbox.countTo(user.email, CHANNEL_MAIL)).toBe(0);
  });

  it('does not trust an unverified login address', async () => {
    const user = await buildUser(server, { verified: false });
    const put = await putChannels(server, user, { emails: [user.email] });
    expect(put.json().alert_channels.emails).toEqual([{ value: user.email, is_verified: false }]);
    await server.inbox.waitFor(user.email, CHANNEL_MAIL);
  });

  it("never lets one user use another's link or name another's address", async () => {
    const owner = await buildUser(server);
    const stranger = await buildUser(server);
    const address = uniqueEmail('shared');
    await givenChannels(server, owner, { emails: [address] });
    const link = linkIn(await server.inbox.waitFor(address, CHANNEL_MAIL), 'http://dashboard.test/settings?');
    const token = link.searchParams.get('token') ?? '';

    const notTheirs = await verifyToken(server, stranger.headers, 'email', address, token);
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json().value).toEqual([
      'This email address is not in your alert channels. Add it in Alert Center first.',
    ]);
    const send = await sendToken(server, stranger.headers, 'email', address);
    expect(send.statusCode).toBe(400);
    expect(send.json().value).toHaveLength(1);

    // Even with the same address in their own profile, the owner's link is not theirs.
    await givenChannels(server, stranger, { emails: [address] });
    const stolen = await verifyToken(server, stranger.headers, 'email', address, token);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe('INVALID_TOKEN');
    expect((await channelsOf(server, stranger)).emails[0]?.is_verified).toBe(false);
    expect((await channelsOf(server, owner)).emails[0]?.is_verified).toBe(false);
    expect((await channelsOf(server, stranger)).emails).toEqual([{ value: address, is_verified: false }]);
  });
});

describe('webhook channels', () => {
  it('verifies on send_token when the signed test delivery gets a 2xx', async () => {
    const user = await buildUser(server);
    const url = uniqueHook();
    // A 500 first: the job the PUT queues must not verify it before send_token does.
    receiver.respondNext(1, 500);
    await givenChannels(server, user, { webhooks: [url] });
    await eventuallyTrue(() => hits(url).length === 1);
    const secret = (
      await server.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers: user.headers })
    ).json().webhook_secret;

    const sent = await sendToken(server, user.headers, 'webhook', url);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ is_verified: true, detail: 'Your webhook is now verified!' });
    expect(sent.json().alert_channels.webhooks).toEqual([{ value: url, is_verified: true }]);

    const delivery = hits(url).at(-1);
    expect(delivery?.method).toBe('POST');
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({ event: 'verification', webhook: url });
    const timestamp = String(delivery?.headers['x-paydar-timestamp']);
    const signature = String(delivery?.headers['x-paydar-signature']);
    expect(verifyWebhookSignature(delivery?.body ?? '', timestamp, signature, secret)).toBe(true);
    expect(verifyWebhookSignature(delivery?.body ?? '', timestamp, signature, 'another-secret')).toBe(false);
  });

  it('answers 400 on value with the reason when the test delivery fails', async () => {
    const user = await buildUser(server);
    const url = uniqueHook();
    receiver.respondNext(2, 500);
    await givenChannels(server, user, { webhooks: [url] });
    await eventuallyTrue(() => hits(url).length >= 1);
    const sent = await sendToken(server, user.headers, 'webhook', url);
    expect(sent.statusCode).toBe(400);
    expect(sent.json().value?.[0]).toMatch(/^The test delivery failed: .*500/);
    expect((await channelsOf(server, user)).webhooks).toEqual([{ value: url, is_verified: false }]);
  });

  it('verifies a webhook added to the profile by a queued test delivery', async () => {
    const user = await buildUser(server);
    const url = uniqueHook();
    const put = await putChannels(server, user, { webhooks: [url] });
    expect(put.json().alert_channels.webhooks).toEqual([{ value: url, is_verified: false }]);
    await eventuallyTrue(async () => (await channelsOf(server, user)).webhooks[0]?.is_verified === true);
    expect(hits(url)).toHaveLength(1);
    expect(JSON.parse(hits(url)[0]?.body ?? '{}').event).toBe('verification');
  });

  it('leaves a webhook that answers 404 unverified, without retrying', async () => {
    const user = await buildUser(server);
    const url = uniqueHook();
    receiver.respondNext(1, 404);
    await givenChannels(server, user, { webhooks: [url] });
    await eventuallyTrue(() => hits(url).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(hits(url)).toHaveLength(1);
    expect((await channelsOf(server, user)).webhooks[0]?.is_verified).toBe(false);
  });
});

describe('profile PUT of alert channels', () => {
  it('names every value that cannot be a channel, and saves nothing', async () => {
    const user = await buildUser(server);
    await givenChannels(server, user, { phones: ['09120000001'] });
    const response = await putChannels(server, user, {
      phones: ['09120000001', '12'],
      telegram_usernames: ['no spaces allowed'],
      webhooks: ['ftp://example.test/hook'],
      emails: ['not-an-email'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      'alert_channels.phones.1.value': ['Enter a phone number like 09121234567.'],
      'alert_channels.telegram_usernames.0.value': [
        'Enter a Telegram username like @paydar_alerts (5 to 32 letters, digits or _).',
      ],
      'alert_channels.webhooks.0.value': ['Enter a full http:// or https:// address.'],
      'alert_channels.emails.0.value': ['Enter a valid email address.'],
    });
    expect(response.json().detail).toMatch(/^alert_channels\.\w+\.\d\.value: /);
    expect(await channelsOf(server, user)).toEqual(
      completeAlertChannels({ phones: [{ value: '09120000001', is_verified: false }] }),
    );
  });

  it('stores values normalized, one entry per channel, and keeps a verified phone verified', async () => {
    const user = await buildUser(server);
    const phone = uniquePhone();
    await givenChannels(server, user, { phones: [phone] });
    await server.context.runInTransaction((transaction) =>
      setChannelVerified(transaction, user.id, 'phone', phone, true),
    );
    const spaced = `${phone.slice(0, 4)} (${phone.slice(4, 7)}) ${phone.slice(7)}`;
    const response = await putChannels(server, user, {
      phones: [spaced, phone],
      telegram_usernames: ['Alice_Ops', '@alice_ops', ' bob_ops '],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().alert_channels).toEqual(
      completeAlertChannels({
        phones: [{ value: phone, is_verified: true }],
        telegram_usernames: [
          { value: '@alice_ops', is_verified: false },
          { value: '@bob_ops', is_verified: false },
        ],
      }),
    );
  });

  it('waits for a concurrent verification instead of overwriting it', async () => {
    const user = await buildUser(server);
    const phone = uniquePhone();
    await givenChannels(server, user, { phones: [phone] });
    let locked!: () => void;
    const lockHeld = new Promise<void>((resolve) => {
      locked = resolve;
    });
    let release!: () => void;
    const verification = server.context.runInTransaction(async (transaction) => {
      await setChannelVerified(transaction, user.id, 'phone', phone, true);
      locked();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await lockHeld;
    const put = putChannels(server, user, { phones: [phone], emails: [user.email] });
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await verification;
    const response = await put;
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().alert_channels.phones).toEqual([{ value: phone, is_verified: true }]);
  });
});

describe('who may call', () => {
  it('refuses the demo account', async () => {
    const key = (await server.app.inject({ method: 'GET', url: '/api/v1/users/login_as_demo' })).json().key;
    const headers = { authorization: `Token ${key}` };
    for (const response of [
      await sendToken(server, headers, 'email', 'demo@paydar.local'),
      await verifyToken(server, headers, 'phone', '09120000000', '123456'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('DEMO_READ_ONLY');
    }
  });

  it('refuses calls without a session', async () => {
    const response = await sendToken(server, {}, 'email', 'x@example.test');
    expect(response.statusCode).toBe(401);
  });

  it('sends Telegram and webhook verification through send_token, not verify', async () => {
    const user = await buildUser(server);
    const url = uniqueHook();
    receiver.respondNext(1, 500);
    await givenChannels(server, user, { telegram_usernames: ['@alice_ops'], webhooks: [url] });
    for (const [type, value] of [
      ['telegram', '@alice_ops'],
      ['webhook', url],
    ] as const) {
      const response = await verifyToken(server, user.headers, type, value, 'anything');
      expect(response.statusCode).toBe(400);
      expect(response.json().channel_type).toHaveLength(1);
    }
  });
});
