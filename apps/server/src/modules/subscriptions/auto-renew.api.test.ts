import { describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser } from '../../../test/factories';
import { itLeavesTheBooksBalanced } from '../../../test/ledger-audit';
import { useTestServer } from '../../../test/use-test-server';
import { setUserPlan } from '../../admin/plan.commands';
import { postLedgerEntry } from '../ledger/ledger.repository';

const server = useTestServer();

const switchRenewal = (headers: Record<string, string>, payload: unknown) =>
  server.app.inject({
    method: 'PATCH',
    url: '/api/v1/users/subscriptions/auto_renew',
    headers,
    payload: payload as object,
  });

const activeSubscription = async (user: BuiltUser) =>
  (await server.app.inject({ method: 'GET', url: '/api/v1/users/subscriptions', headers: user.headers }))
    .json()
    .results.find((row: { is_active: boolean }) => row.is_active);

let fundings = 0;
async function userOnSilver(): Promise<BuiltUser> {
  const user = await buildUser(server);
  await server.context.runInTransaction(({ db }) =>
    postLedgerEntry(
      db,
      {
        userId: user.id,
        amount: 2_000_000,
        source: 'admin_adjustment',
        description: 'test funds',
        idempotencyKey: `renewal-test-${user.id}-${++fundings}`,
      },
      new Date(),
    ),
  );
  const bought = await server.app.inject({
    method: 'POST',
    url: '/api/v2/users/subscriptions/buy',
    headers: user.headers,
    payload: { plan_name: 'Silver', period: 'Monthly' },
  });
  expect(bought.json()).toMatchObject({ auto_renew: true });
  return user;
}

describe('PATCH /api/v1/users/subscriptions/auto_renew', () => {
  it('switches the running paid plan’s renewal off and on, as the subscription shows it', async () => {
    const user = await userOnSilver();
    const off = await switchRenewal(user.headers, { auto_renew: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ auto_renew: false, period: 'Monthly', subscription_plan: { name: 'Silver' } });
    expect(await activeSubscription(user)).toMatchObject({ auto_renew: false });
    expect((await switchRenewal(user.headers, { auto_renew: true })).json()).toMatchObject({ auto_renew: true });
    expect(await activeSubscription(user)).toMatchObject({ auto_renew: true });
  });

  it('starts a newly bought plan with its renewal on', async () => {
    const user = await userOnSilver();
    await switchRenewal(user.headers, { auto_renew: false });
    const upgraded = await server.app.inject({
      method: 'POST',
      url: '/api/v2/users/subscriptions/buy',
      headers: user.headers,
      payload: { plan_name: 'Silver', period: 'Yearly' },
    });
    expect(upgraded.json()).toMatchObject({ period: 'Yearly', auto_renew: true });
  });

  it('refuses a plan the wallet does not renew, naming auto_renew: Free and an Enterprise plan', async () => {
    const free = await buildUser(server);
    expect(await activeSubscription(free)).toMatchObject({ auto_renew: false, subscription_plan: { name: 'Free' } });
    const onFree = await switchRenewal(free.headers, { auto_renew: true });
    expect(onFree.statusCode).toBe(400);
    expect(onFree.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      auto_renew: ['Your Free plan does not renew from your credit: there is no renewal to switch.'],
    });

    const enterprise = await buildUser(server);
    await setUserPlan(server.context, enterprise.email, 'Enterprise', '12');
    expect(await activeSubscription(enterprise)).toMatchObject({ auto_renew: false });
    expect((await switchRenewal(enterprise.headers, { auto_renew: false })).statusCode).toBe(400);
  });

  it('refuses a body without a boolean auto_renew, naming the field', async () => {
    const user = await userOnSilver();
    for (const payload of [{}, { auto_renew: 'no' }, { auto_renew: false, plan: 'Gold' }]) {
      const response = await switchRenewal(user.headers, payload);
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toMatch(/auto_renew|plan/);
    }
    expect(await activeSubscription(user)).toMatchObject({ auto_renew: true });
  });

  it("refuses no session and the demo account, and never touches another user's plan", async () => {
    expect((await switchRenewal({}, { auto_renew: false })).statusCode).toBe(401);
    const demoKey = (await server.app.inject({ method: 'GET', url: '/api/v1/users/login_as_demo' })).json().key;
    const demo = await switchRenewal({ authorization: `Token ${demoKey}` }, { auto_renew: false });
    expect(demo.statusCode).toBe(403);
    expect(demo.json().code).toBe('DEMO_READ_ONLY');

    const owner = await userOnSilver();
    const other = await userOnSilver();
    expect((await switchRenewal(other.headers, { auto_renew: false })).statusCode).toBe(200);
    expect(await activeSubscription(owner)).toMatchObject({ auto_renew: true });
    expect(await activeSubscription(other)).toMatchObject({ auto_renew: false });
  });
});

itLeavesTheBooksBalanced(() => server);
