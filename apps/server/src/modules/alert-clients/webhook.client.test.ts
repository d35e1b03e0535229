import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWebhookReceiver, startFakeWebhookReceiver } from '../../../test/fakes/webhook-receiver';
import { expectAlertFailure } from './alert-clients.test-support';
import { createWebhookClient, signWebhook, verifyWebhookSignature, type WebhookClient } from './webhook.client';

const secret = 'whsec_test_secret';
const payload = { monitor: { id: 7, name: 'api' }, state: 'down', time: '2026-01-01T00:00:00.000Z' };
let receiver: FakeWebhookReceiver;
let client: WebhookClient;

const failure = (promise: Promise<unknown>) => expectAlertFailure(promise);

beforeAll(async () => {
  receiver = await startFakeWebhookReceiver();
  client = createWebhookClient({ timeoutMs: 10_000, allowPrivateTargets: true });
});
afterAll(() => receiver.stop());

describe('webhook client', () => {
  it('POSTs signed JSON that the receiver can verify', async () => {
    const delivery = await client.deliverWebhook(`${receiver.url}/hooks/paydar`, payload, secret);
    expect(delivery.status).toBe(204);
    const received = await receiver.waitForRequest((request) => request.path === '/hooks/paydar');
    expect(received.method).toBe('POST');
    expect(received.headers['content-type']).toBe('application/json');
    expect(received.headers['user-agent']).toBe('Paydar-Webhook/1');
    expect(JSON.parse(received.body)).toEqual(payload);
    const timestamp = String(received.headers['x-paydar-timestamp']);
    const signature = String(received.headers['x-paydar-signature']);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(10);
    expect(verifyWebhookSignature(received.body, timestamp, signature, secret)).toBe(true);
    expect(verifyWebhookSignature(received.body, timestamp, signature, 'another secret')).toBe(false);
    expect(verifyWebhookSignature(`${received.body} `, timestamp, signature, secret)).toBe(false);
    expect(verifyWebhookSignature(received.body, String(Number(timestamp) + 1), signature, secret)).toBe(false);
  });

  it('refuses stale timestamps in verifyWebhookSignature (replays)', () => {
    const body = '{"a":1}';
    const signature = signWebhook(body, 1_000_000, secret);
    expect(verifyWebhookSignature(body, 1_000_000, signature, secret, { nowSeconds: 1_000_100 })).toBe(true);
    expect(verifyWebhookSignature(body, 1_000_000, signature, secret, { nowSeconds: 1_000_400 })).toBe(false);
  });

  it('retries 5xx, 408 and 429 but not other 4xx, and reports the status', async () => {
    for (const [status, retryable] of [
      [500, true],
      [503, true],
      [408, true],
      [429, true],
      [400, false],
      [404, false],
      [410, false],
    ] as const) {
      receiver.respondNext(1, status);
      const error = await failure(client.deliverWebhook(receiver.url, payload, secret));
      expect(error).toMatchObject({ service: 'webhook', kind: 'rejected', status, retryable });
    }
  });

  it('does not follow redirects', async () => {
    const before = receiver.requests.length;
    receiver.respondNext(1, 302, { location: `${receiver.url}/elsewhere` });
    const error = await failure(client.deliverWebhook(receiver.url, payload, secret));
    expect(error).toMatchObject({ status: 302, retryable: false });
    expect(error.reason).toContain('redirects are not followed');
    expect(receiver.requests.slice(before).map((request) => request.path)).toEqual(['/']);
  });

  it('times out a receiver that does not answer', async () => {
    const quick = createWebhookClient({ timeoutMs: 200, allowPrivateTargets: true });
    // Held far past the client's 200 ms: the timer cannot lose however slow the machine.
    receiver.setDelay(30_000);
    try {
      expect(await failure(quick.deliverWebhook(receiver.url, payload, secret))).toMatchObject({
        kind: 'timeout',
        retryable: true,
      });
    } finally {
      receiver.setDelay(0);
    }
  });

  it('reports a closed port as a network error worth retrying', async () => {
    const gone = await startFakeWebhookReceiver();
    await gone.stop();
    expect(await failure(client.deliverWebhook(gone.url, payload, secret))).toMatchObject({
      kind: 'network',
      retryable: true,
    });
  });

  it('refuses private addresses, by IP or by name, unless allowed — before sending anything', async () => {
    const guarded = createWebhookClient({ timeoutMs: 10_000, allowPrivateTargets: false });
    const before = receiver.requests.length;
    const port = new URL(receiver.url).port;
    for (const url of [receiver.url, `http://localhost:${port}/`, 'http://169.254.169.254/latest', 'http://[::1]:9/']) {
      const error = await failure(guarded.deliverWebhook(url, payload, secret));
      expect(error).toMatchObject({ kind: 'refused-target', retryable: false });
    }
    expect(receiver.requests.length).toBe(before);
    await expect(client.deliverWebhook(`http://localhost:${port}/`, payload, secret)).resolves.toMatchObject({
      status: 204,
    });
  });

  it('refuses URLs that are not http(s)', async () => {
    for (const url of ['ftp://example.com/', 'file:///etc/passwd', 'not a url']) {
      expect(await failure(client.deliverWebhook(url, payload, secret))).toMatchObject({ kind: 'refused-target' });
    }
  });
});
