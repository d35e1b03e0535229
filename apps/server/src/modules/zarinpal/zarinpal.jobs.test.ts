import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import { type BuiltUser, buildUser } from '../../../test/factories';
import { type FakeZarinpal, startFakeZarinpal, ZARINPAL_ERRORS } from '../../../test/fakes/zarinpal';
import { startTestServer, type TestServer } from '../../../test/harness';
import { itLeavesTheBooksBalanced } from '../../../test/ledger-audit';
import { RECONCILE_QUEUE, reconcileZarinpalPayments, registerZarinpalJobs } from './zarinpal.jobs';
import { findPaymentByAuthority, findPaymentById, insertPayment } from './zarinpal.repository';

let server: TestServer;
let zarinpal: FakeZarinpal;
beforeAll(async () => {
  zarinpal = await startFakeZarinpal();
  server = await startTestServer({ ZARINPAL_BASE_URL: zarinpal.url, ZARINPAL_MERCHANT_ID: zarinpal.merchantId });
});
afterAll(async () => {
  await server.close();
  await zarinpal.stop();
});
// Each test starts at real time: payments it opens are young until it moves the clock.
beforeEach(() => {
  server.clock.offsetMs = 0;
});

const MINUTE = 60_000;

async function openPayment(user: BuiltUser, amount: number): Promise<string> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/users/zarinpal/request?goal=charge',
    payload: { amount },
    headers: user.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().redirect_url.split('/').pop();
}

const balanceOf = async (userId: number) =>
  Number(
    (await server.context.db.execute<{ b: string }>(sql`SELECT charged_budget AS b FROM users WHERE id = ${userId}`))
      .rows[0]?.b,
  );

const ledgerCount = async (userId: number) =>
  (await server.context.db.execute(sql`SELECT 1 FROM financial_transactions WHERE user_id = ${userId}`)).rows.length;

const stateOf = async (authority: string) => (await findPaymentByAuthority(server.context.db, authority))?.state;

const verifiedTimes = (authority: string) =>
  zarinpal.calls.filter((call) => call.path === 'verify' && call.body.authority === authority).length;

describe('the Zarinpal reconciliation job', () => {
  it('credits once a payment that was paid but whose callback never came, however often it runs', async () => {
    const user = await buildUser(server);
    const authority = await openPayment(user, 60_000);
    zarinpal.pay(authority); // the payer closed the tab before coming back

    await reconcileZarinpalPayments(server.context);
    expect(verifiedTimes(authority)).toBe(0); // 15 minutes have not passed: the payer may still come back
    expect(await stateOf(authority)).toBe('pending');

    server.clock.offsetMs = 16 * MINUTE;
    await Promise.all([reconcileZarinpalPayments(server.context), reconcileZarinpalPayments(server.context)]);
    await reconcileZarinpalPayments(server.context);
    expect(await stateOf(authority)).toBe('paid');
    expect(await balanceOf(user.id)).toBe(60_000);
    expect(await ledgerCount(user.id)).toBe(1);

    // The payer's late callback shows the same result and credits nothing more.
    const late = await server.app.inject({
      method: 'GET',
      url: `/api/v1/users/zarinpal/callback?Authority=${authority}&Status=OK`,
    });
    expect(late.headers.location).toMatch(/status=OK&code=\d+&amount=60000/);
    expect(await balanceOf(user.id)).toBe(60_000);
  });

  it('fails a payment nobody paid, crediting nothing', async () => {
    const user = await buildUser(server);
    const authority = await openPayment(user, 8_000);
    server.clock.offsetMs = 16 * MINUTE;
    await reconcileZarinpalPayments(server.context);
    const payment = await findPaymentByAuthority(server.context.db, authority);
    expect(payment).toMatchObject({ state: 'failed', failureReason: expect.stringContaining('(-51)') });
    expect(await balanceOf(user.id)).toBe(0);
  });

  it('keeps asking while Zarinpal cannot answer, then gives up after two hours', async () => {
    const user = await buildUser(server);
    const authority = await openPayment(user, 11_000);
    zarinpal.pay(authority);
    server.clock.offsetMs = 16 * MINUTE;
    zarinpal.failNextVerify(1_000, ZARINPAL_ERRORS.unexpected);
    await reconcileZarinpalPayments(server.context);
    expect(await stateOf(authority)).toBe('pending');

    server.clock.offsetMs = 121 * MINUTE;
    await reconcileZarinpalPayments(server.context);
    const payment = await findPaymentByAuthority(server.context.db, authority);
    expect(payment).toMatchObject({ state: 'failed', failureReason: expect.stringContaining('unverifiable') });
    expect(await balanceOf(user.id)).toBe(0);
    zarinpal.failNextVerify(0, ZARINPAL_ERRORS.unexpected);
  });

  it('fails a payment whose request.json never answered (no authority)', async () => {
    const user = await buildUser(server);
    const payment = await insertPayment(server.context.db, {
      userId: user.id,
      amount: 5_000,
      goal: 'charge',
      planName: null,
      period: null,
      now: server.context.now(),
    });
    server.clock.offsetMs = 16 * MINUTE;
    await reconcileZarinpalPayments(server.context);
    expect((await findPaymentById(server.context.db, payment.id))?.state).toBe('failed');
  });

  it('runs from the job queue once registered, on a five-minute schedule', async () => {
    const user = await buildUser(server);
    const authority = await openPayment(user, 45_000);
    zarinpal.pay(authority);
    server.clock.offsetMs = 16 * MINUTE;
    await registerZarinpalJobs(server.context);
    const schedule = await server.context.db.execute<{ cron: string }>(
      sql`SELECT cron FROM pgboss.schedule WHERE name = ${RECONCILE_QUEUE}`,
    );
    expect(schedule.rows).toEqual([{ cron: '*/5 * * * *' }]);
    // What the schedule sends every five minutes, sent now: the registered worker settles the payment.
    await server.context.jobs.send(RECONCILE_QUEUE, {}, { retryLimit: 0 });
    await eventually(async () => expect(await stateOf(authority)).toBe('paid'));
    expect(await balanceOf(user.id)).toBe(45_000);
  });
});

itLeavesTheBooksBalanced(() => server);
