import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { DEMO_MONITORS } from './demo.catalogue';
import { demoHeaders } from './demo.test-support';

/**
 * The demo account shows its monitors and changes nothing: each write route answers 403
 * DEMO_READ_ONLY. Routes whose own tests already prove it (purchase, auto-renew, Zarinpal, console
 * credit, alert channels, channel tests, a new maintenance window) are not repeated here.
 */

const HOUR = 3_600_000;
let server: TestServer;
let headers: { authorization: string };
let monitorId: number;
let heartbeatId: number;
/** The heartbeat's ping secret as seeded: a refused replacement leaves it. */
let pingHash: string;
let proberId: number;

beforeAll(async () => {
  server = await startTestServer({ DEMO_DATA_ENABLED: 'true' });
  headers = await demoHeaders(server);
  const { rows } = await server.context.db.execute<{
    monitor: number;
    heartbeat: number;
    prober: number;
    ping: string;
  }>(sql`
    SELECT m.id AS monitor, (SELECT id FROM probers WHERE is_demo ORDER BY id LIMIT 1) AS prober,
      h.id AS heartbeat, h.ping_token_hash AS ping
    FROM monitors m, monitors h WHERE m.is_demo AND m.alias = 'Blog' AND h.is_demo AND h.protocol_type = 'HEARTBEAT'`);
  monitorId = rows[0]?.monitor ?? 0;
  heartbeatId = rows[0]?.heartbeat ?? 0;
  proberId = rows[0]?.prober ?? 0;
  pingHash = rows[0]?.ping ?? '';
  expect(pingHash).toMatch(/^[0-9a-f]{64}$/);
}, 120_000);
afterAll(() => server.close());

const request = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const monitorBody = () => ({
  protocol_type: 'HTTP',
  url: 'http://blog.example.com/',
  period: 60,
  apdex: 0.5,
  probers: [proberId],
});
const windowBody = () => ({
  title: 'Upgrade',
  monitors: [monitorId],
  kind: 'once',
  starts_at: new Date(Date.now() + HOUR).toISOString(),
  ends_at: new Date(Date.now() + 2 * HOUR).toISOString(),
});

describe('the demo account is read-only', () => {
  it.each([
    ['adding a monitor', () => request('POST', '/api/v1/monitors/', monitorBody())],
    ['editing a monitor', () => request('PUT', `/api/v1/monitors/${monitorId}/`, { ...monitorBody(), alias: 'Mine' })],
    [
      'pausing a monitor',
      () => request('PUT', `/api/v1/monitors/${monitorId}/`, { ...monitorBody(), is_enabled: false }),
    ],
    ['removing a monitor', () => request('DELETE', `/api/v1/monitors/${monitorId}/`)],
    ["replacing the heartbeat's ping URL", () => request('POST', `/api/v1/monitors/${heartbeatId}/ping-token/`, {})],
    ['editing the profile', () => request('PUT', '/api/v1/users/profile', { time_zone: 'UTC' })],
    [
      'changing the password',
      () => request('POST', '/api/v1/users/change_password', { current_password: 'x', password: 'a new password' }),
    ],
    ['signing out everywhere', () => request('POST', '/api/v1/users/logout_all', {})],
    ['editing a maintenance window', () => request('PUT', '/api/v1/maintenance_windows/1', windowBody())],
    ['removing a maintenance window', () => request('DELETE', '/api/v1/maintenance_windows/1')],
    ['ending a maintenance window', () => request('POST', '/api/v1/maintenance_windows/1/end', {})],
  ])('refuses %s with DEMO_READ_ONLY', async (_what, send) => {
    const response = await send();
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'DEMO_READ_ONLY',
      detail: 'The demo account cannot be changed. Sign up to make your own.',
    });
  });

  it('still has its monitors as seeded, enabled, its ping secret unchanged, after all of that', async () => {
    const { rows } = await server.context.db.execute<{
      count: number;
      enabled: number;
      blog: number;
      ping: string;
    }>(sql`
      SELECT count(*)::int AS count, count(*) FILTER (WHERE is_enabled)::int AS enabled,
        count(*) FILTER (WHERE alias = 'Blog')::int AS blog,
        (SELECT ping_token_hash FROM monitors WHERE id = ${heartbeatId}) AS ping FROM monitors WHERE is_demo`);
    expect(rows[0]).toEqual({ count: DEMO_MONITORS.length, enabled: DEMO_MONITORS.length, blog: 1, ping: pingHash });
  });

  it('reads: its monitors, their metric and raw records, its probers and its notification history', async () => {
    const get = (url: string) => server.app.inject({ method: 'GET', url, headers });
    const list = (await get('/api/v1/monitors/')).json();
    expect(list.count).toBe(DEMO_MONITORS.length);
    expect((await get(`/api/v1/monitors/${monitorId}/`)).statusCode).toBe(200);
    const metric = await get(`/api/v1/monitors/${monitorId}/metric`);
    expect(metric.statusCode).toBe(200);
    const to = Date.now();
    const raw = await get(
      `/api/v1/monitors/${monitorId}/metric/raw?from_time=${new Date(to - 6 * HOUR).toISOString()}&to_time=${new Date(to).toISOString()}`,
    );
    expect(raw.statusCode).toBe(200);
    expect(JSON.stringify(raw.json()).length).toBeGreaterThan(1_000);
    const probers = (await get('/api/v1/probers/')).json();
    expect(probers.results.map((prober: { name: string }) => prober.name)).toEqual([
      'Tehran (demo)',
      'Frankfurt (demo)',
      'Amsterdam (demo)',
    ]);
    expect((await get('/api/v1/notification_history/')).json().count).toBeGreaterThan(10);
  });

  it('has a share link a visitor without an account can open', async () => {
    const monitor = (await server.app.inject({ method: 'GET', url: `/api/v1/monitors/${monitorId}/`, headers })).json();
    expect(monitor.token).toEqual(expect.any(String));
    const shared = await server.app.inject({ method: 'GET', url: `/api/v1/monitors/${monitor.token}/share_info` });
    expect(shared.statusCode).toBe(200);
  });
});
