import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser } from '../../../test/factories';
import { type FakeKavenegar, startFakeKavenegar } from '../../../test/fakes/kavenegar';
import { startTestServer, type TestServer } from '../../../test/harness';
import { alertChannelVerifications } from '../../db/schema/index';
import { removeStaleVerifications } from './alert-channels.jobs';
import { channelsOf, givenChannels, sendToken, uniquePhone, verifyToken } from './alert-channels.test-support';
import {
  CODE_EXPIRED_TEXT,
  CODE_NOT_SENT_TEXT,
  CODE_USED_UP_TEXT,
  PHONE_CODE_LIFETIME_MS,
  SMS_UNAVAILABLE_TEXT,
} from './phone-channel.service';

const API_KEY = 'kavenegar-test-key';
const TEMPLATE = 'paydar-verify-test';

let server: TestServer;
let kavenegar: FakeKavenegar;
beforeAll(async () => {
  kavenegar = await startFakeKavenegar({ apiKey: API_KEY });
  // Rate limits stay on (the harness default): one test checks them.
  server = await startTestServer({
    KAVENEGAR_BASE_URL: kavenegar.url,
    KAVENEGAR_API_KEY: API_KEY,
    KAVENEGAR_VERIFY_TEMPLATE: TEMPLATE,
  });
});
afterAll(async () => {
  await server.close();
  await kavenegar.stop();
});
afterEach(() => {
  server.clock.offsetMs = 0;
});

/** A user with one phone in their profile, and that phone as stored. */
async function userWithPhone(): Promise<{ user: BuiltUser; phone: string }> {
  const user = await buildUser(server);
  const phone = uniquePhone();
  await givenChannels(server, user, { phones: [phone] });
  return { user, phone };
}

/** Asks for a code and returns the one Kavenegar was asked to text. */
async function sendCode(user: BuiltUser, phone: string): Promise<string> {
  const before = kavenegar.calls.length;
  const response = await sendToken(server, user.headers, 'phone', phone);
  expect(response.statusCode, response.body).toBe(200);
  const call = kavenegar.calls.slice(before).find((entry) => entry.params.receptor === phone);
  if (!call?.params.token) throw new Error('Kavenegar was not asked to send a code');
  return call.params.token;
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const pendingProofs = (userId: number) =>
  server.context.db
    .select()
    .from(alertChannelVerifications)
    .where(and(eq(alertChannelVerifications.userId, userId), eq(alertChannelVerifications.channelKey, 'phones')));

describe('phone verification', () => {
  it('texts a 6-digit code through the verify template, and the code verifies the phone', async () => {
    const user = await buildUser(server);
    const phone = uniquePhone();
    // Saved with spaces and dashes, named in the call without: the same phone once normalized.
    await givenChannels(server, user, { phones: [`${phone.slice(0, 4)} ${phone.slice(4, 7)}-${phone.slice(7)}`] });

    const before = kavenegar.calls.length;
    const sent = await sendToken(server, user.headers, 'phone', phone);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      success: true,
      detail: `We sent a verification code to ${phone}`,
      is_verified: false,
    });
    const call = kavenegar.calls[before];
    expect(call).toMatchObject({
      method: 'verify/lookup',
      apiKey: API_KEY,
      params: { receptor: phone, template: TEMPLATE },
    });
    expect(call?.params.token).toMatch(/^[0-9]{6}$/);

    const verified = await verifyToken(server, user.headers, 'phone', phone, call?.params.token ?? '');
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ success: true, detail: 'Your phone is now verified!' });
    expect(verified.json().alert_channels.phones).toEqual([{ value: phone, is_verified: true }]);
    expect((await channelsOf(server, user)).phones).toEqual([{ value: phone, is_verified: true }]);
  });

  it('refuses a wrong code, naming the token and the tries left, and keeps the phone unverified', async () => {
    const { user, phone } = await userWithPhone();
    const code = await sendCode(user, phone);
    const wrong = await verifyToken(server, user.headers, 'phone', phone, otherCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_TOKEN', token: ['Wrong code. 4 tries left.'] });
    expect((await channelsOf(server, user)).phones).toEqual([{ value: phone, is_verified: false }]);

    const malformed = await verifyToken(server, user.headers, 'phone', phone, '12ab56');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().token).toEqual(['Enter the 6-digit code.']);

    const right = await verifyToken(server, user.headers, 'phone', phone, code);
    expect(right.statusCode, right.body).toBe(200);
  });

  it('lets a code expire after 10 minutes', async () => {
    const { user, phone } = await userWithPhone();
    const code = await sendCode(user, phone);
    server.clock.offsetMs = PHONE_CODE_LIFETIME_MS + 1000;
    const late = await verifyToken(server, user.headers, 'phone', phone, code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'INVALID_TOKEN', detail: CODE_EXPIRED_TEXT });
    expect((await channelsOf(server, user)).phones[0]?.is_verified).toBe(false);
  });

  it('spends a code after 5 tries, the right code included after that', async () => {
    const { user, phone } = await userWithPhone();
    const code = await sendCode(user, phone);
    const answers: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await verifyToken(server, user.headers, 'phone', phone, otherCode(code));
      answers.push(response.json().token?.[0]);
    }
    expect(answers).toEqual([
      'Wrong code. 4 tries left.',
      'Wrong code. 3 tries left.',
      'Wrong code. 2 tries left.',
      'Wrong code. 1 try left.',
      `Wrong code. ${CODE_USED_UP_TEXT}`,
    ]);
    const right = await verifyToken(server, user.headers, 'phone', phone, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().detail).toBe(CODE_USED_UP_TEXT);
    expect((await channelsOf(server, user)).phones[0]?.is_verified).toBe(false);
  });

  it('compares no more than 5 of many guesses sent at once', async () => {
    const { user, phone } = await userWithPhone();
    const code = await sendCode(user, phone);
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => verifyToken(server, user.headers, 'phone', phone, otherCode(code))),
    );
    const wrong = responses.filter((response) => response.json().token?.[0]?.startsWith('Wrong code.'));
    expect(wrong).toHaveLength(5);
    expect(responses.every((response) => response.statusCode === 400)).toBe(true);
  });

  it('replaces the old code with a new send', async () => {
    const { user, phone } = await userWithPhone();
    const first = await sendCode(user, phone);
    server.clock.offsetMs = 61_000;
    const second = await sendCode(user, phone);
    if (first !== second) {
      const old = await verifyToken(server, user.headers, 'phone', phone, first);
      expect(old.statusCode).toBe(400);
    }
    const fresh = await verifyToken(server, user.headers, 'phone', phone, second);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await pendingProofs(user.id)).toHaveLength(1);
  });

  it('deletes codes a day after they expired, and no sooner', async () => {
    const { user, phone } = await userWithPhone();
    await sendCode(user, phone);
    server.clock.offsetMs = PHONE_CODE_LIFETIME_MS + 23 * 60 * 60 * 1000;
    await removeStaleVerifications(server.context);
    expect(await pendingProofs(user.id)).toHaveLength(1);
    server.clock.offsetMs = PHONE_CODE_LIFETIME_MS + 25 * 60 * 60 * 1000;
    await removeStaleVerifications(server.context);
    expect(await pendingProofs(user.id)).toEqual([]);
  });

  it('limits sends to one a minute per phone, with the limiter’s 429', async () => {
    // Windows are aligned to the minute: start just after a boundary so both sends fall in one.
    const now = Date.now();
    server.clock.offsetMs = Math.ceil(now / 60_000) * 60_000 + 1000 - now;
    const { user, phone } = await userWithPhone();
    await sendCode(user, phone);
    const again = await sendToken(server, user.headers, 'phone', phone);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({
      code: 'RATE_LIMITED',
      detail: 'Too many attempts. Please try again in 1 minute.',
    });
    expect(kavenegar.calls.filter((call) => call.params.receptor === phone)).toHaveLength(1);
  });

  it('leaves no usable code when Kavenegar refuses, and says which side is at fault', async () => {
    const { user, phone } = await userWithPhone();
    const before = kavenegar.calls.length;
    kavenegar.failNext(1, { status: 418, message: 'اعتبار حساب شما کافی نیست' });
    const refused = await sendToken(server, user.headers, 'phone', phone);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ code: 'UNAVAILABLE', detail: CODE_NOT_SENT_TEXT });
    const undelivered = kavenegar.calls[before]?.params.token ?? '';
    expect(undelivered).toMatch(/^[0-9]{6}$/);
    expect(await pendingProofs(user.id)).toEqual([]);
    const tried = await verifyToken(server, user.headers, 'phone', phone, undelivered);
    expect(tried.statusCode).toBe(400);
    expect((await channelsOf(server, user)).phones[0]?.is_verified).toBe(false);

    const second = await userWithPhone();
    kavenegar.failReceptor(second.phone, { status: 411, message: 'دریافت کننده نامعتبر است' });
    try {
      const invalid = await sendToken(server, second.user.headers, 'phone', second.phone);
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().value).toEqual(['This number cannot receive text messages. Check it and try again.']);
      expect(await pendingProofs(second.user.id)).toEqual([]);
    } finally {
      kavenegar.failReceptor(second.phone, undefined);
    }
  });

  it('answers 503 when no Kavenegar is configured, and sends nothing', async () => {
    const { user, phone } = await userWithPhone();
    const clients = server.context.alertClients;
    const configured = clients.kavenegar;
    clients.kavenegar = undefined;
    try {
      const response = await sendToken(server, user.headers, 'phone', phone);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ code: 'UNAVAILABLE', detail: SMS_UNAVAILABLE_TEXT });
    } finally {
      clients.kavenegar = configured;
    }
    expect(kavenegar.calls.some((call) => call.params.receptor === phone)).toBe(false);
  });

  it('refuses a phone that is not the caller’s, even when it is another user’s', async () => {
    const { user: owner, phone } = await userWithPhone();
    const stranger = await buildUser(server);
    const send = await sendToken(server, stranger.headers, 'phone', phone);
    expect(send.statusCode).toBe(400);
    expect(send.json().value).toEqual([
      'This phone number is not in your alert channels. Add it in Alert Center first.',
    ]);
    const code = await sendCode(owner, phone);
    const verify = await verifyToken(server, stranger.headers, 'phone', phone, code);
    expect(verify.statusCode).toBe(400);
    expect(verify.json().value).toHaveLength(1);
    expect((await channelsOf(server, stranger)).phones).toEqual([]);
    expect((await channelsOf(server, owner)).phones[0]?.is_verified).toBe(false);
    expect(kavenegar.calls.filter((call) => call.params.receptor === phone)).toHaveLength(1);
  });
});
