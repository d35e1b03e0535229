import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser } from '../../../test/factories';
import { type FakeZarinpal, startFakeZarinpal, ZARINPAL_ERRORS } from '../../../test/fakes/zarinpal';
import { startTestServer, type TestServer } from '../../../test/harness';
import { itLeavesTheBooksBalanced } from '../../../test/ledger-audit';
import type { Caller } from '../../context';
import { AppError } from '../../errors';
import { findPaymentByAuthority } from './zarinpal.repository';
import { PAYMENTS_OFF_TEXT, requestZarinpalPayment } from './zarinpal.request.service';

let server: TestServer;
let zarinpal: FakeZarinpal;
beforeAll(async () => {
  zarinpal = await startFakeZarinpal({ merchantId: 'e2e7a3b4-0000-4000-8000-00000000beef' });
  server = await startTestServer({ ZARINPAL_BASE_URL: zarinpal.url, ZARINPAL_MERCHANT_ID: zarinpal.merchantId });
});
afterAll(async () => {
  await server.close();
  await zarinpal.stop();
});

const RESULT = 'http://dashboard.test/zarinpal_transaction_result';

function requestPayment(user: BuiltUser | null, payload: unknown, query = 'goal=charge') {
  return server.app.inject({
    method: 'POST',
    url: `/api/v1/users/zarinpal/request?${query}`,
    payload: payload as object,
    headers: user?.headers ?? {},
  });
}

/** Opens a payment and returns its authority (the last segment of the StartPay URL). */
async function openPayment(user: BuiltUser, amount: number, query = 'goal=charge'): Promise<string> {
  const response = await requestPayment(user, { amount }, query);
  expect(response.statusCode, response.body).toBe(200);
  const redirect = new URL(response.json().redirect_url);
  return decodeURIComponent(redirect.pathname.split('/').pop() ?? '');
}

/** Follows a callback URL (as the browser would) into our server; returns where it sends the browser. */
async function followCallback(callbackUrl: string, headers: Record<string, string> = {}): Promise<string> {
  const url = new URL(callbackUrl);
  const response = await server.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers });
  expect(response.statusCode, response.body).toBe(302);
  return String(response.headers.location);
}

const callback = (authority: string, status: string) =>
  followCallback(`http://api.test/api/v1/users/zarinpal/callback?Authority=${authority}&Status=${status}`);

const balanceOf = async (userId: number) =>
  Number(
    (await server.context.db.execute<{ b: string }>(sql`SELECT charged_budget AS b FROM users WHERE id = ${userId}`))
      .rows[0]?.b,
  );

const ledgerOf = async (userId: number) =>
  (
    await server.context.db.execute<{ amount: string; external_identifier: string; idempotency_key: string }>(
      sql`SELECT amount, external_identifier, idempotency_key, description, source FROM financial_transactions WHERE user_id = ${userId}`,
    )
  ).rows;

const verifyCalls = (authority: string) =>
  zarinpal.calls.filter((call) => call.path === 'verify' && call.body.authority === authority);

describe('POST /api/v1/users/zarinpal/request', () => {
  it('records a pending payment, asks request.json in Tomans with our callback, and answers StartPay', async () => {
    const user = await buildUser(server);
    const response = await requestPayment(user, { amount: 89_000 }, 'goal=buy_plan&plan_name=Silver&period=Monthly');
    expect(response.statusCode, response.body).toBe(200);
    const { redirect_url } = response.json();
    expect(redirect_url).toMatch(new RegExp(`^${zarinpal.url}/pg/StartPay/A\\w{35}$`));
    const authority = redirect_url.split('/').pop();

    const sent = zarinpal.calls.filter((call) => call.path === 'request').at(-1);
    expect(sent?.body).toMatchObject({
      merchant_id: zarinpal.merchantId,
      amount: 89_000,
      currency: 'IRT',
      callback_url: 'http://api.test/api/v1/users/zarinpal/callback',
      description: 'Paydar wallet charge for plan Silver (Monthly)',
      metadata: { email: user.email },
    });
    const payment = await findPaymentByAuthority(server.context.db, authority);
    expect(payment).toMatchObject({
      userId: user.id,
      amount: 89_000,
      state: 'pending',
      goal: 'buy_plan',
      planName: 'Silver',
      period: 'Monthly',
    });
    expect(await ledgerOf(user.id)).toEqual([]);
  });

  it('refuses amounts outside 1,000 to 5,000,000 Tomans naming the field, before anything reaches Zarinpal', async () => {
    const user = await buildUser(server);
    const before = zarinpal.calls.length;
    for (const amount of [999, 5_000_001, 1_500.5, '50000', 0, -1_000, null]) {
      const response = await requestPayment(user, { amount });
      expect(response.statusCode, `amount ${amount}`).toBe(400);
      expect(response.json(), `amount ${amount}`).toHaveProperty('amount');
    }
    expect((await requestPayment(user, {})).json()).toHaveProperty('amount');
    expect((await requestPayment(user, { amount: 5_000 }, 'goal=donate')).json()).toHaveProperty('goal');
    expect((await requestPayment(user, { amount: 5_000 }, '')).json()).toHaveProperty('goal');
    const unknownPlan = await requestPayment(
      user,
      { amount: 5_000 },
      'goal=buy_plan&plan_name=Platinum&period=Monthly',
    );
    expect(unknownPlan.statusCode).toBe(400);
    expect(unknownPlan.json()).toMatchObject({ plan_name: ['No such plan.'] });
    expect(
      (await requestPayment(user, { amount: 5_000 }, 'goal=buy_plan&plan_name=Gold&period=Weekly')).json(),
    ).toHaveProperty('period');
    const noPeriod = await requestPayment(user, { amount: 5_000 }, 'goal=buy_plan&plan_name=Gold');
    expect(noPeriod.statusCode).toBe(400);
    expect(noPeriod.json()).toMatchObject({ period: ['Send the period (Monthly or Yearly) with the plan.'] });
    expect((await requestPayment(user, { amount: 5_000 }, 'goal=buy_plan&period=Yearly')).json()).toMatchObject({
      plan_name: ['Send the plan_name the period is for.'],
    });
    expect(zarinpal.calls.length).toBe(before);
    // The limits themselves are allowed.
    expect((await requestPayment(user, { amount: 1_000 })).statusCode).toBe(200);
    expect((await requestPayment(user, { amount: 5_000_000 })).statusCode).toBe(200);
  });

  it('refuses a signed-out caller, an unverified user and the shared demo account', async () => {
    expect((await requestPayment(null, { amount: 5_000 })).statusCode).toBe(401);
    const unverified = await buildUser(server, { verified: false });
    expect((await requestPayment(unverified, { amount: 5_000 })).statusCode).toBe(403);
    const demo = await buildUser(server);
    await server.context.db.execute(sql`UPDATE users SET is_demo = true WHERE id = ${demo.id}`);
    const refused = await requestPayment(demo, { amount: 5_000 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('DEMO_READ_ONLY');
  });

  it('answers 502 and ends the payment as failed when request.json is refused', async () => {
    const user = await buildUser(server);
    zarinpal.failNextRequest(1, ZARINPAL_ERRORS.terminal);
    const response = await requestPayment(user, { amount: 20_000 });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: 'BAD_GATEWAY' });
    const rows = await server.context.db.execute<{ state: string; failure_reason: string }>(
      sql`SELECT state, failure_reason FROM zarinpal_payments WHERE user_id = ${user.id}`,
    );
    expect(rows.rows).toEqual([{ state: 'failed', failure_reason: expect.stringContaining('(-10)') }]);
  });

  it('says clearly that card payments are off when no merchant id is configured', async () => {
    const user = await buildUser(server);
    const caller: Caller = {
      userId: user.id,
      email: user.email,
      isVerified: true,
      isStaff: false,
      isDemo: false,
      sessionId: 0,
      key: user.key,
      impersonatorId: null,
      apiToken: null,
    };
    const refused = requestZarinpalPayment(server.context, undefined, caller, { goal: 'charge' }, { amount: 5_000 });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ statusCode: 503, detail: PAYMENTS_OFF_TEXT });
  });
});

describe('GET /api/v1/users/zarinpal/callback', () => {
  it('after Pay on the StartPay page: verifies with our amount, credits once and shows the result', async () => {
    const user = await buildUser(server);
    const authority = await openPayment(user, 50_000, 'goal=buy_plan&plan_name=Gold&period=Yearly');

    const page = await fetch(`${zarinpal.url}/pg/StartPay/${authority}`);
    const html = await page.text();
    expect(html).toContain('>Pay</button>');
    expect(html).toContain('>Cancel</button>');
    const pressed = await fetch(`${zarinpal.url}/pg/StartPay/${authority}/pay`, { method: 'POST', redirect: 'manual' });
    expect(pressed.status).toBe(302);
    const location = await followCallback(String(pressed.headers.get('location')));

    const payment = await findPaymentByAuthority(server.context.db, authority);
    expect(payment?.state).toBe('paid');
    expect(location).toBe(
      `${RESULT}?status=OK&code=${payment?.refId}&amount=50000&goal=buy_plan&plan_name=Gold&period=Yearly&authority=${authority}`,
    );
    expect(verifyCalls(authority).map((call) => call.body)).toEqual([
      { merchant_id: zarinpal.merchantId, amount: 50_000, authority },
    ]);
    expect(await balanceOf(user.id)).toBe(50_000);
    expect(await ledgerOf(user.id)).toEqual([
      {
        amount: '50000',
        external_identifier: payment?.refId,
        idempotency_key: `zarinpal:${authority}`,
        description: 'Charge via Zarinpal',
        source: 'zarinpal',
      },
    ]);
  });

  it('credits once when the callback is replayed 10 times in a row, and never verifies a paid payment again', async () => {
    const user = await buildUser(server);
    const authority = await openPayment(user, 12_000);
    const callbackUrl = zarinpal.pay(authority);
    const locations = [];
    for (let index = 0; index < 10; index += 1) locations.push(await followCallback(callbackUrl));
    expect(new Set(locations).size).toBe(1);
    expect(locations[0]).toMatch(/status=OK&code=\d+&amount=12000&goal=charge&authority=\w+$/);
    expect(verifyCalls(authority)).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(12_000);
    expect(await ledgerOf(user.id)).toHaveLength(1);
  });

  it('credits once when 10 copies of the callback arrive at the same time', async () => {
    const user = await buildUser(server);
    const authority = await openPayment(user, 30_000);
    const callbackUrl = zarinpal.pay(authority);
    const locations = await Promise.all(Array.from({ length: 10 }, () => followCallback(callbackUrl)));
    const payment = await findPaymentByAuthority(server.context.db, authority);
    for (const location of locations)
      expect(location).toBe(
        `${RESULT}?status=OK&code=${payment?.refId}&amount=30000&goal=charge&authority=${authority}`,
      );
    expect(await balanceOf(user.id)).toBe(30_000);
    expect(await ledgerOf(user.id)).toHaveLength(1);
  });

  it('credits nothing after Cancel, and a later forged Status=OK for it credits nothing either', async () => {
    const user = await buildUser(server);
    const authority = await openPayment(user, 40_000, 'goal=charge');
    const location = await followCallback(zarinpal.cancel(authority));
    expect(location).toBe(`${RESULT}?status=NOK&amount=40000&goal=charge&authority=${authority}`);
    expect(verifyCalls(authority)).toHaveLength(0);
    expect(await callback(authority, 'OK')).toBe(
      `${RESULT}?status=NOK&amount=40000&goal=charge&authority=${authority}`,
    );
    expect(await balanceOf(user.id)).toBe(0);
    expect((await findPaymentByAuthority(server.context.db, authority))?.state).toBe('failed');
  });

  it('credits nothing when the payer paid another amount than we recorded (verify answers -50)', async () => {
    const user = await buildUser(server);
    const authority = await openPayment(user, 100_000);
    zarinpal.setPaidAmount(authority, 1_000);
    // A number in the callback's URL is never what verify is asked with.
    const location = await followCallback(`${zarinpal.pay(authority)}&amount=1000`);
    expect(location).toMatch(/status=NOK&amount=100000/);
    expect(verifyCalls(authority).map((call) => call.body.amount)).toEqual([100_000]);
    expect(await balanceOf(user.id)).toBe(0);
    const payment = await findPaymentByAuthority(server.context.db, authority);
    expect(payment).toMatchObject({ state: 'failed', failureReason: expect.stringContaining('(-50)') });
  });

  it('credits nothing when verify answers not paid (-51), and ends the payment', async () => {
    const user = await buildUser(server);
    const authority = await openPayment(user, 7_000);
    // Status=OK without Pay having been pressed: Zarinpal says the session was never paid.
    expect(await callback(authority, 'OK')).toMatch(/status=NOK/);
    expect(await balanceOf(user.id)).toBe(0);
    expect((await findPaymentByAuthority(server.context.db, authority))?.state).toBe('failed');
  });

  it('leaves the payment pending (for the job) when verify answers an error that may pass, crediting nothing', async () => {
    const user = await buildUser(server);
    const authority = await openPayment(user, 9_000);
    const callbackUrl = zarinpal.pay(authority);
    zarinpal.failNextVerify(1, ZARINPAL_ERRORS.unexpected);
    expect(await followCallback(callbackUrl)).toMatch(/status=NOK&amount=9000/);
    expect(await balanceOf(user.id)).toBe(0);
    expect((await findPaymentByAuthority(server.context.db, authority))?.state).toBe('pending');
    // The payer reloads the callback once Zarinpal answers again: paid, credited once.
    expect(await followCallback(callbackUrl)).toMatch(/status=OK&code=\d+&amount=9000/);
    expect(await balanceOf(user.id)).toBe(9_000);
  });

  it('credits a payment Zarinpal verified before but we never recorded (101), once', async () => {
    const user = await buildUser(server);
    const authority = await openPayment(user, 15_000);
    const callbackUrl = zarinpal.pay(authority);
    zarinpal.verifyAtGateway(authority);
    const location = await followCallback(callbackUrl);
    expect(location).toMatch(/status=OK&code=\d+&amount=15000/);
    expect(await followCallback(callbackUrl)).toBe(location);
    expect(await balanceOf(user.id)).toBe(15_000);
    expect(await ledgerOf(user.id)).toHaveLength(1);
  });

  it('credits the payer, never whoever completes the callback', async () => {
    const payer = await buildUser(server);
    const other = await buildUser(server);
    const authority = await openPayment(payer, 25_000);
    const location = await followCallback(zarinpal.pay(authority), other.headers);
    expect(location).toMatch(/status=OK/);
    expect(await balanceOf(payer.id)).toBe(25_000);
    expect(await balanceOf(other.id)).toBe(0);
    const otherList = await server.app.inject({
      method: 'GET',
      url: '/api/v1/users/financial_transactions',
      headers: other.headers,
    });
    expect(otherList.json()).toMatchObject({ count: 0, results: [] });
  });

  it('shows failure for an unknown, missing or malformed authority', async () => {
    expect(await callback('A0000000000000000000000000000nothere', 'OK')).toBe(`${RESULT}?status=NOK`);
    expect(await followCallback('http://api.test/api/v1/users/zarinpal/callback')).toBe(`${RESULT}?status=NOK`);
    expect(
      await followCallback('http://api.test/api/v1/users/zarinpal/callback?Authority=a&Authority=b&Status=OK'),
    ).toBe(`${RESULT}?status=NOK`);
  });
});

itLeavesTheBooksBalanced(() => server);
