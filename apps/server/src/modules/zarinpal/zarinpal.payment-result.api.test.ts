import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser } from '../../../test/factories';
import { type FakeZarinpal, startFakeZarinpal } from '../../../test/fakes/zarinpal';
import { startTestServer, type TestServer } from '../../../test/harness';

// The result page's URL is the browser's to edit: what it shows comes from this lookup instead.
let server: TestServer;
let zarinpal: FakeZarinpal;
beforeAll(async () => {
  zarinpal = await startFakeZarinpal({ merchantId: 'e2e7a3b4-0000-4000-8000-00000000cafe' });
  server = await startTestServer({ ZARINPAL_BASE_URL: zarinpal.url, ZARINPAL_MERCHANT_ID: zarinpal.merchantId });
});
afterAll(async () => {
  await server.close();
  await zarinpal.stop();
});

/** Opens a payment and returns its authority (the last segment of the StartPay URL). */
async function openPayment(user: BuiltUser, amount: number, query = 'goal=charge'): Promise<string> {
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/v1/users/zarinpal/request?${query}`,
    payload: { amount },
    headers: user.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return decodeURIComponent(new URL(response.json().redirect_url).pathname.split('/').pop() ?? '');
}

/** Presses Pay or Cancel on the fake's StartPay page and follows its callback; returns where we send the browser. */
async function payOrCancel(authority: string, press: 'pay' | 'cancel'): Promise<URL> {
  const callbackUrl = new URL(press === 'pay' ? zarinpal.pay(authority) : zarinpal.cancel(authority));
  const response = await server.app.inject({ method: 'GET', url: `${callbackUrl.pathname}${callbackUrl.search}` });
  expect(response.statusCode).toBe(302);
  return new URL(String(response.headers.location));
}

const lookUp = (authority: string, user: BuiltUser | null) =>
  server.app.inject({
    method: 'GET',
    url: `/api/v1/users/zarinpal/payments/${encodeURIComponent(authority)}`,
    headers: user?.headers ?? {},
  });

describe('GET /api/v1/users/zarinpal/payments/{authority}', () => {
  it('the result page is sent the authority, and the owner reads what was recorded for it', async () => {
    const user = await buildUser(server);
    const authority = await openPayment(user, 89_000, 'goal=buy_plan&plan_name=Silver&period=Monthly');
    const location = await payOrCancel(authority, 'pay');
    expect(location.searchParams.get('authority')).toBe(authority);
    const response = await lookUp(authority, user);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      authority,
      state: 'paid',
      code: location.searchParams.get('code'),
      amount: 89_000,
      goal: 'buy_plan',
      plan_name: 'Silver',
      period: 'Monthly',
    });
  });

  it('a cancelled payment reads as failed with no code, whatever a URL says', async () => {
    const user = await buildUser(server);
    const authority = await openPayment(user, 50_000);
    expect((await payOrCancel(authority, 'cancel')).searchParams.get('authority')).toBe(authority);
    expect((await lookUp(authority, user)).json()).toMatchObject({ state: 'failed', code: null, amount: 50_000 });
  });

  it('a payment the payer has not come back from yet reads as pending', async () => {
    const user = await buildUser(server);
    const authority = await openPayment(user, 7_000);
    expect((await lookUp(authority, user)).json()).toMatchObject({ state: 'pending', code: null, amount: 7_000 });
  });

  it("another user's payment and an unknown authority are both 404; a signed-out caller is 401", async () => {
    const owner = await buildUser(server);
    const stranger = await buildUser(server);
    const authority = await openPayment(owner, 50_000);
    await payOrCancel(authority, 'pay');
    for (const [asked, by] of [
      [authority, stranger],
      ['A0000000000000000000000000000nothere', owner],
    ] as const) {
      const response = await lookUp(asked, by);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', detail: 'Payment not found.' });
    }
    expect((await lookUp(authority, null)).statusCode).toBe(401);
  });
});
