import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeKavenegar, startFakeKavenegar } from '../../../test/fakes/kavenegar';
import { expectAlertFailure } from './alert-clients.test-support';
import { createKavenegarClient, type KavenegarClient } from './kavenegar.client';

const apiKey = 'secret-kavenegar-key';
let fake: FakeKavenegar;
let client: KavenegarClient;

const failure = (promise: Promise<unknown>) => expectAlertFailure(promise, apiKey);

beforeAll(async () => {
  fake = await startFakeKavenegar({ apiKey });
  // The client's own 10 s: at 300 ms a loaded machine's loopback answers came too late (issue 26).
  client = createKavenegarClient({ baseUrl: fake.url, apiKey, sender: '10004346' });
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.calls.length = 0;
  fake.setDelay(0);
  fake.failNext(0, { status: 200, message: '' });
});

describe('Kavenegar client', () => {
  it('sends an SMS with receptor, message and sender', async () => {
    const entries = await client.sendSms('09120000001', 'Monitor "api" is down');
    expect(entries[0]?.receptor).toBe('09120000001');
    expect(fake.calls).toEqual([
      {
        method: 'sms/send',
        apiKey,
        params: { receptor: '09120000001', message: 'Monitor "api" is down', sender: '10004346' },
      },
    ]);
  });

  it('sends a verification code through the template, and a voice call', async () => {
    await client.verifyLookup('09120000002', 'A1B2C3', 'paydar-verify');
    await client.callTts('09120000002', 'Your monitor is down');
    expect(fake.calls.map((call) => [call.method, call.params])).toEqual([
      ['verify/lookup', { receptor: '09120000002', token: 'A1B2C3', template: 'paydar-verify' }],
      ['call/maketts', { receptor: '09120000002', message: 'Your monitor is down' }],
    ]);
  });

  it('reports an invalid receptor (411) as final, with Kavenegar’s reason', async () => {
    fake.failReceptor('0000', { status: 411, message: 'دریافت کننده نامعتبر است' });
    const error = await failure(client.sendSms('0000', 'hi'));
    expect(error).toMatchObject({ service: 'kavenegar', kind: 'rejected', status: 411, retryable: false });
    expect(error.reason).toBe('دریافت کننده نامعتبر است (411)');
    fake.failReceptor('0000', undefined);
  });

  it('reports a wrong API key (403) as final', async () => {
    const wrong = createKavenegarClient({ baseUrl: fake.url, apiKey: 'wrong-key' });
    const error = await failure(wrong.sendSms('09120000001', 'hi'));
    expect(error).toMatchObject({ status: 403, retryable: false });
    expect(error.message).not.toContain('wrong-key');
  });

  it('treats "server busy" (409) and a proxy’s 502 page as worth retrying, then succeeds', async () => {
    fake.failNext(1, { status: 409, message: 'سرور قادر به پاسخگوئی نیست' });
    expect(await failure(client.sendSms('09120000001', 'hi'))).toMatchObject({
      kind: 'rejected',
      status: 409,
      retryable: true,
    });
    fake.failNext(1, { status: 502, message: 'Bad Gateway', html: true });
    expect(await failure(client.sendSms('09120000001', 'hi'))).toMatchObject({
      kind: 'bad-response',
      status: 502,
      retryable: true,
    });
    await expect(client.sendSms('09120000001', 'hi')).resolves.toHaveLength(1);
    expect(fake.calls).toHaveLength(3);
  });

  it('times out when Kavenegar does not answer', async () => {
    // A short timeout against an answer held far longer: the timer cannot lose however slow the machine.
    const impatient = createKavenegarClient({ baseUrl: fake.url, apiKey, sender: '10004346', timeoutMs: 300 });
    fake.setDelay(30_000);
    expect(await failure(impatient.callTts('09120000001', 'hi'))).toMatchObject({ kind: 'timeout', retryable: true });
  });

  it('reports a closed port as a network error worth retrying', async () => {
    const stopped = await startFakeKavenegar();
    await stopped.stop();
    const offline = createKavenegarClient({ baseUrl: stopped.url, apiKey });
    expect(await failure(offline.sendSms('09120000001', 'hi'))).toMatchObject({ kind: 'network', retryable: true });
  });
});
