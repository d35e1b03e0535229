import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { UsageError } from './admin.commands';
import { setUserPlan } from './plan.commands';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const subscriptionOf = async (user: { headers: Record<string, string> }) =>
  (await server.app.inject({ method: 'GET', url: '/api/v1/users/subscriptions', headers: user.headers })).json();

describe('set-plan', () => {
  it('moves a user to a plan for some months, ending the old subscription', async () => {
    const user = await buildUser(server);
    const output = await setUserPlan(server.context, user.email, 'Gold', '3');
    expect(output).toMatch(new RegExp(`^${user.email.replace(/[.]/g, '\\.')} is on Gold until \\d{4}-`));
    const subscriptions = await subscriptionOf(user);
    const active = (Array.isArray(subscriptions) ? subscriptions : subscriptions.results).filter(
      (subscription: { is_active: boolean }) => subscription.is_active,
    );
    expect(active).toHaveLength(1);
    expect(active[0].subscription_plan.name).toBe('Gold');
  });

  it('refuses an unknown plan, a bad month count and an unknown user, naming what is wrong', async () => {
    const user = await buildUser(server);
    await expect(setUserPlan(server.context, user.email, 'Platinum', undefined)).rejects.toThrow(
      /no plan Platinum; plans: Free, Silver/,
    );
    await expect(setUserPlan(server.context, user.email, 'Gold', '0')).rejects.toBeInstanceOf(UsageError);
    await expect(setUserPlan(server.context, 'nobody-here@example.test', 'Gold', '1')).rejects.toThrow('no user');
  });
});
