import { DAY_MS, HOUR_MS } from '@paydar/domain/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addProber } from '../../admin/prober.commands';
import { createMonitor, httpMonitorBody } from '../monitors/monitors.test-support';

let server: TestServer;
let owner: BuiltUser;
let proberId: number;
const iso = (ms: number) => new Date(ms).toISOString();
const OWNER_URL = 'https://secret-owner-target.example/health';
const PUBLIC = '/api/v1/public/status_pages';
let slugCounter = 0;
const uniqueSlug = () => `public-${Date.now().toString(36)}-${++slugCounter}`;

beforeAll(async () => {
  server = await startTestServer();
  owner = await buildUser(server);
  await setPlan(server, owner.id, 'Enterprise');
  const output = await addProber(server.context, 'page-prober', { country: 'DE' });
  proberId = Number(/id (\d+)/.exec(output)?.[1]);
});
afterAll(() => server.close());

/** A monitor of the owner, checked since `sinceDays` days ago. */
async function checkedMonitor(sinceDays = 40): Promise<number> {
  const response = await createMonitor(server, owner, {
    ...httpMonitorBody(proberId, { period: 60, probers: [proberId] }),
    url: OWNER_URL,
  });
  expect(response.statusCode).toBe(201);
  const { id } = response.json() as { id: number };
  await server.context.db.execute(sql`
    INSERT INTO monitor_states (monitor_id, first_check_at, last_check_at)
    VALUES (${id}, ${iso(Date.now() - sinceDays * DAY_MS)}::timestamptz, ${iso(Date.now() - 60_000)}::timestamptz)
    ON CONFLICT (monitor_id) DO UPDATE SET first_check_at = EXCLUDED.first_check_at, last_check_at = EXCLUDED.last_check_at`);
  return id;
}

async function pageOf(monitors: Array<{ id: number; showTarget?: boolean }>, extra: Record<string, unknown> = {}) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/status_pages/',
    headers: owner.headers,
    payload: {
      slug: uniqueSlug(),
      title: 'Acme',
      time_zone: 'UTC',
      sections: [
        {
          title: 'Web',
          monitors: monitors.map((m, i) => ({
            monitor: m.id,
            public_name: `Service ${i}`,
            show_target: !!m.showTarget,
          })),
        },
      ],
      ...extra,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; slug: string };
}

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });
const setState = (id: number, isDown: boolean) =>
  server.context.db.execute(sql`UPDATE monitor_states SET is_down = ${isDown} WHERE monitor_id = ${id}`);

describe('the public page: numbers against seeded downtimes and rollups', () => {
  it('gives a known downtime on a known day as that bar, null before the first check, and response times', async () => {
    const id = await checkedMonitor(3);
    const yesterday = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS;
    // 36 minutes down yesterday at 10:00 UTC: (86400 − 2160) / 86400 = 97.5 %.
    await server.context.db.execute(sql`
      INSERT INTO downtimes (monitor_id, from_time, to_time, ended_by)
      VALUES (${id}, ${iso(yesterday + 10 * HOUR_MS)}::timestamptz, ${iso(yesterday + 10 * HOUR_MS + 2_160_000)}::timestamptz, 'recovery')`);
    // Yesterday 12:00: 3 successes summing 600 ms and a failure: 200 ms.
    await server.context.db.execute(sql`
      INSERT INTO quarter_rollups (monitor_id, prober_id, quarter, checks, failures, bucket_1, duration_sum)
      VALUES (${id}, ${proberId}, ${iso(yesterday + 12 * HOUR_MS)}::timestamptz, 4, 1, 3, 600)`);
    const page = await pageOf([{ id }], { show_response_times: true });
    const response = await get(`${PUBLIC}/${page.slug}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ title: 'Acme', banner: 'operational', time_zone: 'UTC', show_response_times: true });
    const monitor = body.sections[0].monitors[0];
    expect(monitor).toMatchObject({ public_name: 'Service 0', target: null, status: 'up' });
    expect(JSON.stringify(body)).not.toContain('secret-owner-target');
    expect(monitor.days).toHaveLength(90);
    const byDate = new Map(monitor.days.map((day: { date: string }) => [day.date, day]));
    expect(byDate.get(iso(yesterday).slice(0, 10))).toEqual({
      date: iso(yesterday).slice(0, 10),
      uptime_percent: 97.5,
      downtime_seconds: 2160,
      average_response_time: 200,
    });
    expect(byDate.get(iso(yesterday - 10 * DAY_MS).slice(0, 10))).toMatchObject({
      uptime_percent: null,
      downtime_seconds: 0,
    });
    expect(monitor.days.at(-1).date).toBe(iso(Date.now()).slice(0, 10));
  });

  it('shows the target only when allowed', async () => {
    const id = await checkedMonitor();
    const page = await pageOf([{ id, showTarget: true }]);
    expect((await get(`${PUBLIC}/${page.slug}`)).json().sections[0].monitors[0].target).toBe(OWNER_URL);
  });

  it('drops a removed monitor from the public page', async () => {
    const kept = await checkedMonitor();
    const removed = await checkedMonitor();
    const page = await pageOf([{ id: kept }, { id: removed }]);
    expect((await get(`${PUBLIC}/${page.slug}`)).json().sections[0].monitors).toHaveLength(2);
    const deleted = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/monitors/${removed}/`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(200);
    const after = (await get(`${PUBLIC}/${page.slug}`)).json();
    expect(after.sections[0].monitors.map((m: { public_name: string }) => m.public_name)).toEqual(['Service 0']);
  });

  it('answers 404 for an unknown slug', async () => {
    expect((await get(`${PUBLIC}/no-such-page-here`)).statusCode).toBe(404);
  });
});

describe('the banner', () => {
  it('is operational, degraded, outage and maintenance as the monitors are', async () => {
    const a = await checkedMonitor();
    const b = await checkedMonitor();
    const page = await pageOf([{ id: a }, { id: b }]);
    const banner = async () => (await get(`${PUBLIC}/${page.slug}`)).json().banner;
    expect(await banner()).toBe('operational');
    await setState(a, true);
    expect(await banner()).toBe('degraded');
    await setState(b, true);
    expect(await banner()).toBe('outage');
    await setState(a, false);
    await setState(b, false);
    await server.context.db.execute(sql`
      INSERT INTO maintenance_spans (monitor_id, starts_at, ends_at)
      VALUES (${a}, ${iso(Date.now() - HOUR_MS)}::timestamptz, ${iso(Date.now() + HOUR_MS)}::timestamptz)`);
    await server.context.db.execute(sql`UPDATE monitor_states SET last_check_at = now() WHERE monitor_id = ${a}`);
    const body = (await get(`${PUBLIC}/${page.slug}`)).json();
    expect(body.banner).toBe('maintenance');
    expect(body.sections[0].monitors[0].status).toBe('maintenance');
  });
});

describe('caching', () => {
  it('sends an ETag and public Cache-Control, 304 on revalidation, a new ETag after a change', async () => {
    const id = await checkedMonitor();
    const page = await pageOf([{ id }]);
    const first = await get(`${PUBLIC}/${page.slug}`);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const again = await get(`${PUBLIC}/${page.slug}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await setState(id, true);
    const changed = await get(`${PUBLIC}/${page.slug}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().banner).toBe('outage');
  });
});

describe('a page edited by its owner', () => {
  it('is seen by the next visitor at once: new title, new password, deleted', async () => {
    const id = await checkedMonitor();
    const page = await pageOf([{ id }]);
    expect((await get(`${PUBLIC}/${page.slug}`)).json().title).toBe('Acme');
    const put = (payload: Record<string, unknown>) =>
      server.app.inject({
        method: 'PUT',
        url: `/api/v1/status_pages/${page.id}/`,
        headers: owner.headers,
        payload: { slug: page.slug, time_zone: 'UTC', ...payload },
      });
    expect((await put({ title: 'Renamed' })).statusCode).toBe(200);
    expect((await get(`${PUBLIC}/${page.slug}`)).json().title).toBe('Renamed');
    expect((await put({ title: 'Renamed', password: 'now protected' })).statusCode).toBe(200);
    expect((await get(`${PUBLIC}/${page.slug}`)).statusCode).toBe(401);
    await server.app.inject({ method: 'DELETE', url: `/api/v1/status_pages/${page.id}/`, headers: owner.headers });
    expect((await get(`${PUBLIC}/${page.slug}`)).statusCode).toBe(404);
  });
});

describe('the custom domain', () => {
  it('answers the page for its Host, and 404 for an unknown host', async () => {
    const id = await checkedMonitor();
    const domain = `${uniqueSlug()}.example.org`;
    const page = await pageOf([{ id }], { custom_domain: domain, title: 'On a domain' });
    const found = await get('/api/v1/public/status_page', { host: `${domain}:8443` });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ slug: page.slug, title: 'On a domain' });
    expect((await get('/api/v1/public/status_page', { host: 'unknown.example.org' })).statusCode).toBe(404);
    for (const host of ['a\u0000b.example.org', `${'a'.repeat(300)}.example.org`, '127.0.0.1', '<b>.example.org']) {
      expect((await get('/api/v1/public/status_page', { host })).statusCode, JSON.stringify(host)).toBe(404);
    }
  });
});

describe('a password-protected page', () => {
  it('answers 401 until unlocked, refuses a wrong password, and the token expires', async () => {
    const id = await checkedMonitor();
    const page = await pageOf([{ id }], { password: 'correct horse' });
    const locked = await get(`${PUBLIC}/${page.slug}`);
    expect(locked.statusCode).toBe(401);
    expect(locked.json().detail).toMatch(/protected by a password/);
    const unlock = (password: string, ip = '198.51.100.7') =>
      server.app.inject({
        method: 'POST',
        url: `${PUBLIC}/${page.slug}/unlock`,
        payload: { password },
        remoteAddress: ip,
      });
    const wrong = await unlock('wrong horse');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toHaveProperty('password');
    const right = await unlock('correct horse');
    expect(right.statusCode, right.body).toBe(200);
    const { token } = right.json();
    const open = await get(`${PUBLIC}/${page.slug}`, { 'x-status-page-token': token });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.headers['cache-control']).toMatch(/^private/);
    // The token opens this page only, and not when tampered with.
    const other = await pageOf([{ id }], { password: 'correct horse' });
    expect((await get(`${PUBLIC}/${other.slug}`, { 'x-status-page-token': token })).statusCode).toBe(401);
    expect((await get(`${PUBLIC}/${page.slug}`, { 'x-status-page-token': `${token}x` })).statusCode).toBe(401);
    // It ends on time.
    server.clock.offsetMs = 25 * HOUR_MS;
    try {
      expect((await get(`${PUBLIC}/${page.slug}`, { 'x-status-page-token': token })).statusCode).toBe(401);
    } finally {
      server.clock.offsetMs = 0;
    }
  });

  it('unlocks by Host on its custom domain', async () => {
    const id = await checkedMonitor();
    const domain = `locked-${Date.now().toString(36)}.example.org`;
    const page = await pageOf([{ id }], { password: 'correct horse', custom_domain: domain });
    const unlock = (password: string, host: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/public/status_page/unlock',
        headers: { host },
        payload: { password },
        remoteAddress: '198.51.100.8',
      });
    expect((await unlock('wrong horse', domain)).statusCode).toBe(400);
    expect((await unlock('correct horse', 'unknown.example.org')).statusCode).toBe(404);
    expect((await unlock('correct horse', '127.0.0.1')).statusCode).toBe(404);
    const right = await unlock('correct horse', `${domain.toUpperCase()}:8443`);
    expect(right.statusCode, right.body).toBe(200);
    const open = await get('/api/v1/public/status_page', { host: domain, 'x-status-page-token': right.json().token });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toMatchObject({ slug: page.slug });
  });

  it('limits wrong passwords per visitor', async () => {
    const id = await checkedMonitor();
    const page = await pageOf([{ id }], { password: 'correct horse' });
    const attempt = (password: string) =>
      server.app.inject({
        method: 'POST',
        url: `${PUBLIC}/${page.slug}/unlock`,
        payload: { password },
        remoteAddress: '203.0.113.9',
      });
    const codes = [];
    for (let i = 0; i < 11; i++) codes.push((await attempt('wrong horse')).statusCode);
    expect(codes.slice(0, 10).every((code) => code === 400)).toBe(true);
    expect(codes[10]).toBe(429);
    expect((await attempt('correct horse')).statusCode).toBe(429);
  });
});
