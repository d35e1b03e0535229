import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { itLeavesTheBooksBalanced } from '../../../test/ledger-audit';
import { postLedgerEntry } from '../ledger/ledger.repository';
import { insertPlan } from '../plans/plans.repository';

let server: TestServer;
/** The services' clock, held still so pro-rata figures are exact. */
let now: Date;
beforeAll(async () => {
  server = await startTestServer();
  server.context.now = () => now;
});
beforeEach(() => {
  now = new Date('2026-04-01T00:00:00.000Z');
});
afterAll(() => server.close());

const SILVER = 89_000;
const GOLD = 890_000;

const buy = (user: BuiltUser | null, body: unknown) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v2/users/subscriptions/buy',
    headers: user?.headers ?? {},
    payload: body as object,
  });

let fundings = 0;
const fund = (userId: number, amount: number) =>
  server.context.runInTransaction(({ db }) =>
    postLedgerEntry(
      db,
      {
        userId,
        amount,
        source: 'admin_adjustment',
        description: 'test funds',
        idempotencyKey: `test-fund-${userId}-${++fundings}`,
      },
      now,
    ),
  );

const balanceOf = async (userId: number) =>
  Number(
    (await server.context.db.execute<{ b: string }>(sql`SELECT charged_budget AS b FROM users WHERE id = ${userId}`))
      .rows[0]?.b,
  );

/** The user's ledger rows other than the test funding, oldest first. */
const movementsOf = async (userId: number) =>
  (
    await server.context.db.execute<{ amount: string; source: string; description: string; balance_after: string }>(
      sql`SELECT amount, source, description, balance_after FROM financial_transactions
          WHERE user_id = ${userId} AND source <> 'admin_adjustment' ORDER BY id`,
    )
  ).rows.map((row) => ({
    amount: Number(row.amount),
    source: row.source,
    description: row.description,
    balanceAfter: Number(row.balance_after),
  }));

const subscriptionsOf = async (userId: number) =>
  (
    await server.context.db.execute<{ id: number; name: string; is_active: boolean; period: string | null }>(
      sql`SELECT s.id, p.name, s.is_active, s.period FROM subscriptions s JOIN plans p ON p.id = s.plan_id
          WHERE s.user_id = ${userId} ORDER BY s.id`,
    )
  ).rows;

const activeOf = async (userId: number) => (await subscriptionsOf(userId)).filter((row) => row.is_active);

describe('POST /api/v2/users/subscriptions/buy', () => {
  it('takes the price and starts the plan for a month, answering the new subscription', async () => {
    const user = await buildUser(server);
    await fund(user.id, SILVER);
    const response = await buy(user, { plan_name: 'Silver', period: 'Monthly' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      is_active: true,
      period: 'Monthly',
      start_time: '2026-04-01T00:00:00.000Z',
      expire_time: '2026-05-01T00:00:00.000Z',
      subscription_plan: { name: 'Silver', default_cost: SILVER },
    });
    expect(await balanceOf(user.id)).toBe(0);
    expect(await movementsOf(user.id)).toEqual([
      { amount: -SILVER, source: 'plan_purchase', description: 'Plan Silver (Monthly)', balanceAfter: 0 },
    ]);
    const listed = (
      await server.app.inject({ method: 'GET', url: '/api/v1/users/subscriptions', headers: user.headers })
    ).json();
    expect(listed.results[0]).toMatchObject({ id: response.json().id, is_active: true, period: 'Monthly' });
    expect(listed.results.filter((row: { is_active: boolean }) => row.is_active)).toHaveLength(1);
  });

  it('charges 12 months for a year', async () => {
    const user = await buildUser(server);
    await fund(user.id, 12 * SILVER + 5);
    const response = await buy(user, { plan_name: 'Silver', period: 'Yearly' });
    expect(response.statusCode).toBe(200);
    expect(response.json().expire_time).toBe('2027-04-01T00:00:00.000Z');
    expect(await balanceOf(user.id)).toBe(5);
    expect(await movementsOf(user.id)).toEqual([
      { amount: -12 * SILVER, source: 'plan_purchase', description: 'Plan Silver (Yearly)', balanceAfter: 5 },
    ]);
  });

  it('refuses with 402 and the missing amount when the credit is short, changing nothing', async () => {
    const user = await buildUser(server);
    await fund(user.id, 50_000);
    const response = await buy(user, { plan_name: 'Silver', period: 'Monthly' });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      code: 'INSUFFICIENT_BALANCE',
      detail:
        'Your credit is not enough for Plan Silver (Monthly): it costs 89,000 Tomans and you have 50,000 Tomans. Charge at least 39,000 Tomans.',
    });
    expect(await balanceOf(user.id)).toBe(50_000);
    expect(await movementsOf(user.id)).toEqual([]);
    expect(await activeOf(user.id)).toMatchObject([{ name: 'Free', period: null }]);
  });

  it('of 50 racing purchases with credit for one, makes exactly one: one debit, one new subscription', async () => {
    const user = await buildUser(server);
    await fund(user.id, GOLD);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        buy(user, { plan_name: 'Gold', period: index % 2 ? 'Monthly' : 'Yearly' }),
      ),
    );
    const ok = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode === 402);
    // Yearly Gold is never affordable here; every Monthly answer is the one purchase.
    expect(ok.length + refused.length).toBe(50);
    expect(refused).toHaveLength(25);
    expect(new Set(ok.map((response) => response.json().id)).size).toBe(1);
    expect(await movementsOf(user.id)).toEqual([
      { amount: -GOLD, source: 'plan_purchase', description: 'Plan Gold (Monthly)', balanceAfter: 0 },
    ]);
    expect(await balanceOf(user.id)).toBe(0);
    expect(await subscriptionsOf(user.id)).toMatchObject([
      { name: 'Free', is_active: false },
      { name: 'Gold', is_active: true, period: 'Monthly' },
    ]);
  });

  it('charges once when the same plan is bought twice at once, even with credit for two', async () => {
    const user = await buildUser(server);
    await fund(user.id, 2 * GOLD);
    const responses = await Promise.all(
      Array.from({ length: 2 }, () => buy(user, { plan_name: 'Gold', period: 'Monthly' })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(responses[0]?.json().id).toBe(responses[1]?.json().id);
    expect(await balanceOf(user.id)).toBe(GOLD);
    expect((await movementsOf(user.id)).map((row) => row.amount)).toEqual([-GOLD]);
    expect(await subscriptionsOf(user.id)).toHaveLength(2);
  });

  it('credits the unused part of a paid plan before taking the price of the bigger one', async () => {
    const user = await buildUser(server);
    await fund(user.id, SILVER + 830_667);
    expect((await buy(user, { plan_name: 'Silver', period: 'Monthly' })).statusCode).toBe(200);
    now = new Date('2026-04-11T00:00:00.000Z'); // 10 of the 30 days used
    const response = await buy(user, { plan_name: 'Gold', period: 'Monthly' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      start_time: '2026-04-11T00:00:00.000Z',
      expire_time: '2026-05-11T00:00:00.000Z',
      subscription_plan: { name: 'Gold' },
    });
    // floor(89,000 × 20 / 30) = 59,333: 830,667 + 59,333 pays Gold exactly.
    expect(await movementsOf(user.id)).toEqual([
      { amount: -SILVER, source: 'plan_purchase', description: 'Plan Silver (Monthly)', balanceAfter: 830_667 },
      {
        amount: 59_333,
        source: 'plan_proration',
        description: 'Unused part of Plan Silver (Monthly)',
        balanceAfter: 890_000,
      },
      { amount: -GOLD, source: 'plan_purchase', description: 'Plan Gold (Monthly)', balanceAfter: 0 },
    ]);
  });

  it('counts the credit back in the missing amount, and keeps nothing of it when refused', async () => {
    const user = await buildUser(server);
    await fund(user.id, SILVER + 100_000);
    await buy(user, { plan_name: 'Silver', period: 'Monthly' });
    now = new Date('2026-04-16T00:00:00.000Z'); // half way: 44,500 back
    const response = await buy(user, { plan_name: 'Gold', period: 'Monthly' });
    expect(response.statusCode).toBe(402);
    expect(response.json().detail).toBe(
      'Your credit is not enough for Plan Gold (Monthly): it costs 890,000 Tomans and you have 100,000 Tomans plus 44,500 Tomans back for the unused part of your plan. Charge at least 745,500 Tomans.',
    );
    expect((await movementsOf(user.id)).map((row) => row.source)).toEqual(['plan_purchase']);
    expect(await balanceOf(user.id)).toBe(100_000);
    expect(await activeOf(user.id)).toMatchObject([{ name: 'Silver' }]);
  });

  it('credits nothing for a plan nobody paid for (set by an operator) or one that has run out', async () => {
    const given = await buildUser(server);
    await setPlan(server, given.id, 'Silver');
    await fund(given.id, GOLD);
    expect((await buy(given, { plan_name: 'Gold', period: 'Monthly' })).statusCode).toBe(200);
    expect((await movementsOf(given.id)).map((row) => row.source)).toEqual(['plan_purchase']);

    const lapsed = await buildUser(server);
    await fund(lapsed.id, SILVER + GOLD);
    await buy(lapsed, { plan_name: 'Silver', period: 'Monthly' });
    now = new Date('2026-05-01T00:00:00.000Z'); // ended, the expiry job not run yet
    expect((await buy(lapsed, { plan_name: 'Gold', period: 'Monthly' })).statusCode).toBe(200);
    expect((await movementsOf(lapsed.id)).map((row) => row.amount)).toEqual([-SILVER, -GOLD]);
  });

  it('switches a running plan to a year, crediting the unused month', async () => {
    const user = await buildUser(server);
    await fund(user.id, 13 * SILVER);
    await buy(user, { plan_name: 'Silver', period: 'Monthly' });
    const response = await buy(user, { plan_name: 'Silver', period: 'Yearly' });
    expect(response.statusCode).toBe(200);
    expect(response.json().expire_time).toBe('2027-04-01T00:00:00.000Z');
    expect((await movementsOf(user.id)).map((row) => row.amount)).toEqual([-SILVER, SILVER, -12 * SILVER]);
    expect(await balanceOf(user.id)).toBe(SILVER);
  });

  it('refuses a lower plan while a paid one runs, naming plan_name', async () => {
    const user = await buildUser(server);
    await fund(user.id, GOLD + SILVER);
    await buy(user, { plan_name: 'Gold', period: 'Monthly' });
    const response = await buy(user, { plan_name: 'Silver', period: 'Monthly' });
    expect(response.statusCode).toBe(400);
    expect(response.json().plan_name).toEqual([
      'You are on the Gold plan until 2026-05-01; a lower plan can be bought after it ends.',
    ]);
    expect(await balanceOf(user.id)).toBe(SILVER);
  });

  it('refuses what is not sold from the wallet, naming plan_name', async () => {
    const user = await buildUser(server);
    await fund(user.id, 5_000_000);
    await insertPlan(server.context.db, {
      name: 'Retired',
      level: 2,
      defaultCost: 100_000,
      description: { quantity: { Notification: 1 }, quality: { Protocol: ['HTTP'], VoiceCall: false } },
      specifications: {
        MINIMUM_MONITOR_PERIOD: 60,
        MAXIMUM_MONITOR_COUNT: 1,
        PROBERS: 1,
        PROTOCOL: { HTTP: { AVAILABLE_METHODS: ['GET'] } },
        MONITOR_GROUP: false,
        METRIC_HISTORY_DAYS: 1,
      },
      isActive: false,
    });
    const cases: Array<[string, string]> = [
      ['Platinum', 'There is no plan named Platinum on sale.'],
      ['Retired', 'There is no plan named Retired on sale.'],
      ['Enterprise', 'The Enterprise plan is sold by contract: contact us.'],
      ['Free', 'The Free plan is not bought: every account falls back to it by itself.'],
    ];
    for (const [name, message] of cases) {
      const response = await buy(user, { plan_name: name, period: 'Monthly' });
      expect(response.statusCode, name).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', plan_name: [message] });
    }
    const badPeriod = await buy(user, { plan_name: 'Silver', period: 'Weekly' });
    expect(badPeriod.statusCode).toBe(400);
    expect(badPeriod.json().period).toBeDefined();
    expect(await balanceOf(user.id)).toBe(5_000_000);
    expect(await activeOf(user.id)).toMatchObject([{ name: 'Free' }]);
  });

  it('refuses the demo account, an unverified user and a caller without a session', async () => {
    const demoKey = (await server.app.inject({ method: 'GET', url: '/api/v1/users/login_as_demo' })).json().key;
    const demo = await server.app.inject({
      method: 'POST',
      url: '/api/v2/users/subscriptions/buy',
      headers: { authorization: `Token ${demoKey}` },
      payload: { plan_name: 'Silver', period: 'Monthly' },
    });
    expect(demo.statusCode).toBe(403);
    expect(demo.json().code).toBe('DEMO_READ_ONLY');

    const unverified = await buildUser(server, { verified: false });
    await fund(unverified.id, SILVER);
    expect((await buy(unverified, { plan_name: 'Silver', period: 'Monthly' })).statusCode).toBe(403);
    expect(await balanceOf(unverified.id)).toBe(SILVER);

    expect((await buy(null, { plan_name: 'Silver', period: 'Monthly' })).statusCode).toBe(401);
  });

  it("cannot buy for another user or touch another user's wallet and subscriptions", async () => {
    const owner = await buildUser(server);
    const other = await buildUser(server);
    await fund(owner.id, GOLD);
    await fund(other.id, SILVER);
    const named = await buy(other, { plan_name: 'Silver', period: 'Monthly', user_id: owner.id });
    expect(named.statusCode).toBe(400);
    expect(named.json().user_id).toEqual(['Unknown field.']);

    expect((await buy(other, { plan_name: 'Silver', period: 'Monthly' })).statusCode).toBe(200);
    expect(await balanceOf(owner.id)).toBe(GOLD);
    expect(await movementsOf(owner.id)).toEqual([]);
    expect(await activeOf(owner.id)).toMatchObject([{ name: 'Free' }]);

    const ownerList = (
      await server.app.inject({ method: 'GET', url: '/api/v1/users/subscriptions', headers: owner.headers })
    ).json();
    expect(ownerList.results.map((row: { subscription_plan: { name: string } }) => row.subscription_plan.name)).toEqual(
      ['Free'],
    );
  });
});

itLeavesTheBooksBalanced(() => server);
