import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser, uniqueEmail } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { IN_PROCESS_WAIT_MS } from '../../../test/loaded-machine';
import { emailTokens, rateLimitCounters } from '../../db/schema/index';
import { findUserByEmail } from '../accounts/users.repository';
import { createRateLimiter, tooManyAttempts } from './rate-limiter';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/**
 * Windows are fixed and aligned to the epoch, so each test starts its clock just after an hour
 * boundary (also a 10- and 15-minute boundary): no window can end halfway through a test.
 */
beforeEach(() => {
  const now = Date.now();
  server.clock.offsetMs = Math.ceil(now / HOUR_MS) * HOUR_MS + 1000 - now;
});

let ipCounter = 0;
/** Every test calls from addresses of its own, so counters never carry over between tests. */
const freshIp = () => `198.51.100.${++ipCounter}`;

const post = (url: string, payload: object, ip: string) =>
  server.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

function expectLimited(response: LightMyRequestResponse, windowMinutes: number) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    code: 'RATE_LIMITED',
    detail: `Too many attempts. Please try again in ${windowMinutes} minutes.`,
  });
  const retryAfter = Number(response.headers['retry-after']);
  // The clock sits one second (plus the test's own runtime) into the window.
  expect(retryAfter).toBeLessThanOrEqual(windowMinutes * 60 - 1);
  expect(retryAfter).toBeGreaterThan((windowMinutes - 1) * 60);
}

async function repeat(times: number, send: (attempt: number) => Promise<LightMyRequestResponse>) {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < times; attempt += 1) statuses.push((await send(attempt)).statusCode);
  return statuses;
}

describe('login', () => {
  const login = (email: string, password: string, ip: string) => post('/api/v1/users/login', { email, password }, ip);

  it('allows 10 failures per email and address in 15 minutes, then answers 429 there even for the right password', async () => {
    const user = await buildUser(server);
    const ip = freshIp();
    expect(await repeat(10, () => login(user.email, 'wrong password', ip))).toEqual(Array(10).fill(400));
    expectLimited(await login(user.email, user.password, ip), 15);
  });

  it("does not let a stranger's 50 wrong passwords from another address stop the owner signing in from theirs", async () => {
    const user = await buildUser(server);
    const stranger = freshIp();
    const statuses = await repeat(50, () => login(user.email, 'wrong password', stranger));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual(Array(40).fill(429));
    expect((await login(user.email, user.password, freshIp())).statusCode).toBe(200);
  });

  it('limits an email loosely across addresses: 100 failures from anywhere, then 429', async () => {
    const user = await buildUser(server);
    const statuses = await repeat(100, () => login(user.email, 'wrong password', freshIp()));
    expect(statuses).toEqual(Array(100).fill(400));
    expectLimited(await login(user.email, user.password, freshIp()), 15);
  });

  it('never counts a successful login', async () => {
    const user = await buildUser(server);
    const ip = freshIp();
    expect(await repeat(40, () => login(user.email, user.password, ip))).toEqual(Array(40).fill(200));
    // Failures after them still get their full allowance.
    expect(await repeat(10, () => login(user.email, 'wrong password', ip))).toEqual(Array(10).fill(400));
  });

  it('allows 30 failures per address in 10 minutes, whatever the email', async () => {
    const ip = freshIp();
    const statuses = await repeat(30, () => login(uniqueEmail(), 'guess', ip));
    expect(statuses).toEqual(Array(30).fill(400));
    const user = await buildUser(server);
    expectLimited(await login(user.email, user.password, ip), 10);
    // Another address is not held back by this one's limit.
    expect((await login(user.email, user.password, freshIp())).statusCode).toBe(200);
  });

  it('lets the email and address in again once the clock moves past its window', async () => {
    const user = await buildUser(server);
    const ip = freshIp();
    await repeat(10, () => login(user.email, 'wrong password', ip));
    expect((await login(user.email, user.password, ip)).statusCode).toBe(429);
    server.clock.offsetMs += 14 * MINUTE_MS;
    expect((await login(user.email, user.password, ip)).statusCode).toBe(429);
    server.clock.offsetMs += MINUTE_MS;
    expect((await login(user.email, user.password, ip)).statusCode).toBe(200);
  });
});

describe('register', () => {
  it('allows 10 sign-ups per address an hour; the 11th, with a new email, is refused and creates nothing', async () => {
    const ip = freshIp();
    const statuses = await repeat(10, () =>
      post('/api/v1/users/register', { email: uniqueEmail('limit'), password: 'long enough password' }, ip),
    );
    expect(statuses).toEqual(Array(10).fill(200));
    const email = uniqueEmail('eleventh');
    expectLimited(await post('/api/v1/users/register', { email, password: 'long enough password' }, ip), 60);
    expect(await findUserByEmail(server.context.db, email)).toBeUndefined();

    server.clock.offsetMs += HOUR_MS;
    expect((await post('/api/v1/users/register', { email, password: 'long enough password' }, ip)).statusCode).toBe(
      200,
    );
  });
});

describe('send_forget_password_email', () => {
  it('sends 5 reset links per email an hour, from any address, and no sixth', async () => {
    const user = await buildUser(server);
    const statuses = await repeat(5, () =>
      post('/api/v1/users/send_forget_password_email', { email: user.email }, freshIp()),
    );
    expect(statuses).toEqual(Array(5).fill(200));
    expectLimited(await post('/api/v1/users/send_forget_password_email', { email: user.email }, freshIp()), 60);

    // Each mail carries a token of its own: the jobs of the five issued five, the refused sixth request none.
    const tokens = () =>
      server.context.db
        .select()
        .from(emailTokens)
        .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, 'reset_password')));
    await vi.waitFor(async () => expect(await tokens()).toHaveLength(5), { timeout: IN_PROCESS_WAIT_MS });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await tokens()).toHaveLength(5);
  });

  it('allows 20 requests per address an hour, whatever the email', async () => {
    const ip = freshIp();
    const statuses = await repeat(20, () =>
      post('/api/v1/users/send_forget_password_email', { email: uniqueEmail() }, ip),
    );
    expect(statuses).toEqual(Array(20).fill(200));
    expectLimited(await post('/api/v1/users/send_forget_password_email', { email: uniqueEmail() }, ip), 60);
    server.clock.offsetMs += HOUR_MS;
    expect((await post('/api/v1/users/send_forget_password_email', { email: uniqueEmail() }, ip)).statusCode).toBe(200);
  });
});

describe('send_verification_token', () => {
  it('allows 5 resends per email an hour, from any address', async () => {
    const user = await buildUser(server, { verified: false });
    const statuses = await repeat(5, () =>
      post('/api/v1/users/send_verification_token', { email: user.email }, freshIp()),
    );
    expect(statuses).toEqual(Array(5).fill(200));
    expectLimited(await post('/api/v1/users/send_verification_token', { email: user.email }, freshIp()), 60);
    server.clock.offsetMs += HOUR_MS;
    expect((await post('/api/v1/users/send_verification_token', { email: user.email }, freshIp())).statusCode).toBe(
      200,
    );
  });

  it('allows 20 resends per address an hour, whatever the email', async () => {
    const ip = freshIp();
    const statuses = await repeat(20, () =>
      post('/api/v1/users/send_verification_token', { email: uniqueEmail() }, ip),
    );
    expect(statuses).toEqual(Array(20).fill(200));
    expectLimited(await post('/api/v1/users/send_verification_token', { email: uniqueEmail() }, ip), 60);
  });
});

describe('rate limiter window maths', () => {
  const WINDOW_START = Date.UTC(2030, 0, 1, 12, 0, 0);
  const at = (offsetMs: number) => new Date(WINDOW_START + offsetMs);

  it('counts within a fixed window and starts afresh at the next one', async () => {
    const limiter = createRateLimiter(server.context.db, { enabled: true });
    const rule = { key: `unit:${uniqueEmail()}`, limit: 2, windowSeconds: 60 };
    await limiter.consume([rule], at(0));
    await limiter.consume([rule], at(30_000));
    await expect(limiter.consume([rule], at(59_999))).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      statusCode: 429,
      headers: { 'retry-after': '1' },
    });
    await expect(limiter.consume([rule], at(60_000))).resolves.toBeUndefined();
  });

  it('gives the seconds left in the window as Retry-After, rounded up', async () => {
    const limiter = createRateLimiter(server.context.db, { enabled: true });
    const rule = { key: `unit:${uniqueEmail()}`, limit: 1, windowSeconds: 3600 };
    await limiter.consume([rule], at(0));
    await expect(limiter.consume([rule], at(1500))).rejects.toMatchObject({
      headers: { 'retry-after': '3599' },
      detail: 'Too many attempts. Please try again in 60 minutes.',
    });
  });

  it('refuses when any of several rules is over, and counts nothing when turned off', async () => {
    const limiter = createRateLimiter(server.context.db, { enabled: true });
    const loose = { key: `unit:${uniqueEmail()}`, limit: 100, windowSeconds: 60 };
    const tight = { key: `unit:${uniqueEmail()}`, limit: 1, windowSeconds: 60 };
    await limiter.consume([loose, tight], at(0));
    await expect(limiter.consume([loose, tight], at(1000))).rejects.toMatchObject({ code: 'RATE_LIMITED' });

    const off = createRateLimiter(server.context.db, { enabled: false });
    for (let attempt = 0; attempt < 3; attempt += 1)
      await expect(off.consume([tight], at(2000))).resolves.toBeUndefined();
  });

  it.each([
    [1, '1 minute'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [899, '15 minutes'],
  ])('words %i seconds to wait as "%s"', (seconds, words) => {
    const error = tooManyAttempts(seconds);
    expect(error.detail).toBe(`Too many attempts. Please try again in ${words}.`);
    expect(error.headers).toEqual({ 'retry-after': String(seconds) });
  });
});

describe('failures with back-off', () => {
  const policy = { freeFailures: 3, firstWaitMs: MINUTE_MS, maxWaitMs: HOUR_MS, memoryMs: 24 * HOUR_MS };
  const rowsOf = async (key: string) =>
    (await server.context.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key))).length;

  it('lets at most the free failures through when they come all at once', async () => {
    const limiter = createRateLimiter(server.context.db, { enabled: true });
    const key = `unit:${uniqueEmail()}`;
    const now = new Date(Date.UTC(2026, 0, 1, 12, 0, 0));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => limiter.attemptWithBackoff(key, policy, new Date(now.getTime() + i))),
    );
    const passed = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    expect(passed).toBeLessThanOrEqual(3);
    // Those refused were taken back: only what passed is remembered.
    expect(await rowsOf(key)).toBe(passed);
  });

  it('writes nothing for an attempt it refuses, and forgets every failure on forgive', async () => {
    const limiter = createRateLimiter(server.context.db, { enabled: true });
    const key = `unit:${uniqueEmail()}`;
    const at = (ms: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, 0) + ms);
    for (let i = 0; i < 3; i++) await limiter.attemptWithBackoff(key, policy, at(i * 1000));
    for (let i = 0; i < 20; i++) {
      await expect(limiter.attemptWithBackoff(key, policy, at(5000 + i))).rejects.toMatchObject({ statusCode: 429 });
    }
    expect(await rowsOf(key)).toBe(3);
    await expect(limiter.attemptWithBackoff(key, policy, at(2000 + MINUTE_MS))).resolves.toBeUndefined();
    await limiter.forgive(key);
    expect(await rowsOf(key)).toBe(0);
  });
});
