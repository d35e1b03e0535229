import { DEFAULT_ALERT_RULES } from '@paydar/contracts/alert-rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser } from '../../../test/factories';
import type { TestServer } from '../../../test/harness';
import { createMonitor, httpMonitorBody, monitorRequest, startMonitorApi } from '../monitors/monitors.test-support';

let server: TestServer;
let localProberId: number;
beforeAll(async () => {
  ({ server, localProberId } = await startMonitorApi());
});
afterAll(() => server.close());

const httpMonitor = (overrides: Record<string, unknown> = {}) => httpMonitorBody(localProberId, overrides);
const create = (user: BuiltUser, body: unknown) => createMonitor(server, user, body);
const request = (user: BuiltUser, method: 'GET' | 'PUT', id: number, body?: unknown) =>
  monitorRequest(server, user, method, id, body);
const setChannels = (user: BuiltUser, emails: Array<{ value: string; is_verified: boolean }>) =>
  server.context.db.execute(
    sql`UPDATE users SET alert_channels = ${JSON.stringify({ emails, phones: [], telegram_usernames: [], webhooks: [] })}::jsonb
      WHERE id = ${user.id}`,
  );
const profileEmails = async (user: BuiltUser) =>
  (
    await server.context.db.execute<{ emails: unknown }>(
      sql`SELECT alert_channels->'emails' AS emails FROM users WHERE id = ${user.id}`,
    )
  ).rows[0]?.emails;

describe('alerts on by default', () => {
  it('alerts the profile’s verified emails when `alert` is absent, not the unverified ones', async () => {
    const user = await buildUser(server);
    await setChannels(user, [
      { value: 'ops@example.test', is_verified: true },
      { value: 'later@example.test', is_verified: false },
    ]);
    const response = await create(user, httpMonitor());
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().alert).toEqual([{ type: 'emails', value: 'ops@example.test' }]);
  });

  it('with no verified email, alerts the login address and lists it, verified, in the profile', async () => {
    const user = await buildUser(server, { email: `Login-${Date.now()}@Example.test` });
    const response = await create(user, httpMonitor());
    expect(response.statusCode, response.body).toBe(201);
    const login = user.email.toLowerCase();
    expect(response.json().alert).toEqual([{ type: 'emails', value: login }]);
    expect(await profileEmails(user)).toEqual([{ value: login, is_verified: true }]);
    // A second monitor finds it there and adds nothing.
    expect((await create(user, httpMonitor())).json().alert).toEqual([{ type: 'emails', value: login }]);
    expect(await profileEmails(user)).toHaveLength(1);
  });

  it('an explicit `alert: []` alerts no one and leaves the profile alone', async () => {
    const user = await buildUser(server);
    const response = await create(user, httpMonitor({ alert: [] }));
    expect(response.json().alert).toEqual([]);
    expect(await profileEmails(user)).toEqual([]);
  });

  it('an edit without `alert` or `alert_rules` keeps both; one with them replaces them', async () => {
    const user = await buildUser(server);
    await setChannels(user, [{ value: 'keep@example.test', is_verified: true }]);
    const rules = { ...DEFAULT_ALERT_RULES, remind_every_minutes: 30 };
    const { id } = (await create(user, httpMonitor({ alert_rules: rules }))).json();
    const kept = await request(user, 'PUT', id, httpMonitor({ alias: 'kept' }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ alert: [{ type: 'emails', value: 'keep@example.test' }], alert_rules: rules });
    const replaced = await request(
      user,
      'PUT',
      id,
      httpMonitor({ alert: [], alert_rules: { notify_recovery: false } }),
    );
    expect(replaced.json()).toMatchObject({
      alert: [],
      alert_rules: { ...DEFAULT_ALERT_RULES, notify_recovery: false },
    });
  });
});

describe('alert rules on the monitor', () => {
  it('answers the defaults on a monitor given none, and is_flapping false', async () => {
    const user = await buildUser(server);
    const body = (await create(user, httpMonitor())).json();
    expect(body.alert_rules).toEqual(DEFAULT_ALERT_RULES);
    expect(body.is_flapping).toBe(false);
    expect(DEFAULT_ALERT_RULES).toEqual({
      alert_after: { count: 1, unit: 'checks' },
      remind_every_minutes: null,
      remind_limit: 10,
      notify_recovery: true,
      recovery_channels: ['email', 'sms', 'telegram', 'webhook', 'slack', 'discord', 'mattermost', 'bale'],
      recovery_after_minutes: 0,
      flap_changes: 4,
      flap_window_minutes: 20,
    });
  });

  it('fills the fields not given with their defaults', async () => {
    const user = await buildUser(server);
    const body = (
      await create(
        user,
        httpMonitor({ alert_rules: { alert_after: { count: 10, unit: 'minutes' }, flap_changes: null } }),
      )
    ).json();
    expect(body.alert_rules).toEqual({
      ...DEFAULT_ALERT_RULES,
      alert_after: { count: 10, unit: 'minutes' },
      flap_changes: null,
    });
  });

  it.each([
    [{ remind_every_minutes: 4 }, 'alert_rules.remind_every_minutes'],
    [{ remind_every_minutes: 1e308 }, 'alert_rules.remind_every_minutes'],
    [{ remind_limit: 51 }, 'alert_rules.remind_limit'],
    [{ recovery_after_minutes: -1 }, 'alert_rules.recovery_after_minutes'],
    [{ recovery_after_minutes: 2.5 }, 'alert_rules.recovery_after_minutes'],
    [{ recovery_channels: ['call'] }, 'alert_rules.recovery_channels'],
    [{ alert_after: { count: 101, unit: 'checks' } }, 'alert_rules.alert_after.count'],
    [{ alert_after: { count: 0, unit: 'minutes' } }, 'alert_rules.alert_after.count'],
    [{ alert_after: { count: 5, unit: 'hours' } }, 'alert_rules.alert_after.unit'],
    [{ flap_changes: 1 }, 'alert_rules.flap_changes'],
    [{ flap_window_minutes: '20' }, 'alert_rules.flap_window_minutes'],
    [{ notify_recovery: 'yes' }, 'alert_rules.notify_recovery'],
    [{ surprise: '<script>alert(1)</script>' }, 'alert_rules'],
  ])('refuses %j with a 400 naming %s, and writes nothing', async (rules, field) => {
    const user = await buildUser(server);
    const response = await create(user, httpMonitor({ alert_rules: rules }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toContain(field);
    const count = await server.context.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM monitors WHERE user_id = ${user.id}`,
    );
    expect(count.rows[0]?.n).toBe(0);
  });

  it('another user can neither read nor set a monitor’s rules', async () => {
    const owner = await buildUser(server);
    const other = await buildUser(server);
    const { id } = (await create(owner, httpMonitor({ alert_rules: { remind_every_minutes: 15 } }))).json();
    expect((await request(other, 'GET', id)).statusCode).toBe(404);
    const put = await request(other, 'PUT', id, httpMonitor({ alert_rules: { remind_every_minutes: null } }));
    expect(put.statusCode).toBe(404);
    expect((await request(owner, 'GET', id)).json().alert_rules.remind_every_minutes).toBe(15);
    const list = await server.app.inject({ method: 'GET', url: '/api/v1/monitors/', headers: other.headers });
    expect(list.json().results.map((item: { id: number }) => item.id)).not.toContain(id);
  });

  it('shows a flapping monitor in the list and the detail', async () => {
    const user = await buildUser(server);
    const { id } = (await create(user, httpMonitor())).json();
    const list = async () =>
      (await server.app.inject({ method: 'GET', url: '/api/v1/monitors/', headers: user.headers })).json().results;
    expect((await list())[0]).not.toHaveProperty('is_flapping');
    await server.context.db.execute(
      sql`INSERT INTO monitor_alert_states (monitor_id, state, is_flapping) VALUES (${id}, '{"phase":"flapping"}', true)`,
    );
    expect((await list())[0].is_flapping).toBe(true);
    expect((await request(user, 'GET', id)).json().is_flapping).toBe(true);
  });
});
