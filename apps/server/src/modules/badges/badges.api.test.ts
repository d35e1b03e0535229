import { HOUR_MS } from '@paydar/domain/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addProber } from '../../admin/prober.commands';
import { monitorCertificates } from '../../db/schema/index';
import { touchStates } from '../maintenance/maintenance-spans.repository';
import { createMonitor, httpMonitorBody } from '../monitors/monitors.test-support';

let server: TestServer;
let owner: BuiltUser;
let proberId: number;
const iso = (ms: number) => new Date(ms).toISOString();
const DAY = 24 * HOUR_MS;
const OWNER_URL = 'https://secret-owner-target.example/health';

beforeAll(async () => {
  server = await startTestServer();
  owner = await buildUser(server);
  await setPlan(server, owner.id, 'Gold');
  const output = await addProber(server.context, 'badge-prober', { country: 'DE' });
  proberId = Number(/id (\d+)/.exec(output)?.[1]);
});
afterAll(() => server.close());

/** A monitor of the owner, checked since 40 days ago unless `checked` is false (no data yet). */
async function monitorWithToken(checked = true): Promise<{ id: number; token: string }> {
  const body = { ...httpMonitorBody(proberId, { period: 60, probers: [proberId] }), url: OWNER_URL };
  const response = await createMonitor(server, owner, body);
  expect(response.statusCode).toBe(201);
  const { id, token } = response.json() as { id: number; token: string };
  if (checked) {
    await server.context.db.execute(sql`
      INSERT INTO monitor_states (monitor_id, first_check_at, last_check_at)
      VALUES (${id}, ${iso(Date.now() - 40 * DAY)}::timestamptz, ${iso(Date.now() - 60_000)}::timestamptz)
      ON CONFLICT (monitor_id) DO UPDATE SET first_check_at = EXCLUDED.first_check_at, last_check_at = EXCLUDED.last_check_at`);
  }
  return { id, token };
}

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });
const BADGE_TAG = /^<\/?(svg|title|filter|feGaussianBlur|linearGradient|stop|clipPath|rect|g|text)[\s>/]/;
const messageOf = (svg: string) => /<title>([^<]*)<\/title>/.exec(svg)?.[1];

describe('badges: numbers against the rollups and downtimes', () => {
  let token: string;
  beforeAll(async () => {
    const monitor = await monitorWithToken();
    token = monitor.token;
    // 36 s down two hours ago: 24 h → (86400 − 36) / 86400 = 99.9583 % → floored "99.95%";
    // 7 d → (604800 − 36) / 604800 = 99.99405 % → "99.99%"; 30 d → 99.99861 % → "99.99%".
    const from = Date.now() - 2 * HOUR_MS;
    await server.context.db.execute(sql`
      INSERT INTO downtimes (monitor_id, from_time, to_time, ended_by)
      VALUES (${monitor.id}, ${iso(from)}::timestamptz, ${iso(from + 36_000)}::timestamptz, 'recovery')`);
    // Rollups: an hour 3 h ago with 3 successes summing 600 ms, one 3 days ago with 1 success of 1800 ms
    // (and 2 failures, which do not count): 24 h → 200 ms; 7 d → 2400 / 4 = 600 ms.
    const rollup = (hour: number, successes: number, failures: number, durationSum: number) =>
      server.context.db.execute(sql`
        INSERT INTO quarter_rollups (monitor_id, prober_id, quarter, checks, failures, bucket_1, duration_sum)
        VALUES (${monitor.id}, ${proberId}, ${iso(Math.floor(hour / HOUR_MS) * HOUR_MS)}::timestamptz,
          ${successes + failures}, ${failures}, ${successes}, ${durationSum})`);
    await rollup(Date.now() - 3 * HOUR_MS, 3, 0, 600);
    await rollup(Date.now() - 3 * DAY, 1, 2, 1800);
  });

  it.each([
    ['uptime.svg?period=24h', 'uptime 24h: 99.95%'],
    ['uptime.svg', 'uptime 24h: 99.95%'],
    ['uptime.svg?period=7d', 'uptime 7d: 99.99%'],
    ['uptime.svg?period=30d', 'uptime 30d: 99.99%'],
    ['response-time.svg?period=24h', 'response time 24h: 200 ms'],
    ['response-time.svg?period=7d', 'response time 7d: 600 ms'],
    ['status.svg', 'status: up'],
  ])('%s reads "%s"', async (path, text) => {
    const response = await get(`/api/v1/badges/${token}/${path}`);
    expect(response.statusCode).toBe(200);
    expect(messageOf(response.body)).toBe(text);
  });

  it('is a cacheable, cookie-free, embeddable image that revalidates with 304', async () => {
    const url = `/api/v1/badges/${token}/uptime.svg?period=7d&style=flat-square`;
    const first = await get(url);
    expect(first.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(first.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(first.headers['content-security-policy']).toContain("default-src 'none'");
    expect(first.headers['content-security-policy']).not.toContain('script');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await get(`/api/v1/badges/${token}/uptime.svg?period=7d&style=flat`, { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
  });

  it('never shows the owner data', async () => {
    for (const path of ['status.svg', 'uptime.svg', 'response-time.svg']) {
      const body = (await get(`/api/v1/badges/${token}/${path}`)).body;
      expect(body).not.toContain('secret-owner-target');
      expect(body).not.toContain(owner.email);
    }
  });
});

describe('badges: each state', () => {
  const statusOf = async (token: string) => messageOf((await get(`/api/v1/badges/${token}/status.svg`)).body);

  it('no data before the first check', async () => {
    const { token } = await monitorWithToken(false);
    expect(await statusOf(token)).toBe('status: no data');
    expect(messageOf((await get(`/api/v1/badges/${token}/uptime.svg`)).body)).toBe('uptime 24h: no data');
    expect(messageOf((await get(`/api/v1/badges/${token}/response-time.svg`)).body)).toBe('response time 24h: no data');
  });

  it('down, confirming, paused and maintenance', async () => {
    const { id, token } = await monitorWithToken();
    const db = server.context.db;
    await db.execute(sql`UPDATE monitor_states SET confirming_since = now() WHERE monitor_id = ${id}`);
    expect(await statusOf(token)).toBe('status: confirming');
    await db.execute(sql`UPDATE monitor_states SET is_down = true, confirming_since = NULL WHERE monitor_id = ${id}`);
    expect(await statusOf(token)).toBe('status: down');
    await db.execute(sql`
      INSERT INTO maintenance_spans (monitor_id, starts_at, ends_at)
      VALUES (${id}, now() - interval '1 minute', now() + interval '1 hour')`);
    // As a window's write and its boundary job do: the state row touched, so kept badges are drawn again.
    await touchStates(db, [id]);
    expect(await statusOf(token)).toBe('status: maintenance');
    await db.execute(sql`UPDATE monitors SET is_enabled = false WHERE id = ${id}`);
    expect(await statusOf(token)).toBe('status: paused');
  });
});

describe('badges: refusals and attack strings', () => {
  let token: string;
  beforeAll(async () => {
    token = (await monitorWithToken()).token;
  });

  it('an unknown token is a JSON 404', async () => {
    const response = await get('/api/v1/badges/not-a-token/status.svg');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it.each([
    ['uptime.svg?period=1y', 'period'],
    ['response-time.svg?period=', 'period'],
    ['status.svg?style=plastic', 'style'],
    [`status.svg?label=${'x'.repeat(41)}`, 'label'],
    ['status.svg?label=a%00b', 'label'],
  ])('%s is a 400 naming %s', async (path, field) => {
    const response = await get(`/api/v1/badges/${token}/${path}`);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(field);
  });

  it.each(['<script>alert(1)</script>', '"><svg onload=alert(1)>', ']]></text><script>x</script>', '&amp; é ۱۲ 🙂'])(
    'label %s stays escaped text',
    async (label) => {
      const response = await get(`/api/v1/badges/${token}/status.svg?label=${encodeURIComponent(label)}`);
      expect(response.statusCode).toBe(200);
      // Every tag is one badge-maker draws, none with an event attribute: the label became text only.
      for (const tag of response.body.match(/<[^>]*>/g) ?? []) {
        expect(tag).toMatch(BADGE_TAG);
        // Attribute values hold the escaped label; the names outside them must hold no handler.
        expect(tag.replace(/"[^"]*"/g, '""')).not.toMatch(/\son\w+=/i);
      }
      expect(response.body.match(/<svg/g)).toHaveLength(1);
      const escaped = label.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      expect(response.body).toContain(escaped.replace(/"/g, '&quot;'));
    },
  );
});

describe('the certificate badge', () => {
  it('says the days left of the kept certificate, coloured, and no data before one', async () => {
    const monitor = await monitorWithToken();
    const before = await get(`/api/v1/badges/${monitor.token}/certificate.svg`);
    expect(before.statusCode).toBe(200);
    expect(messageOf(before.body)).toBe('certificate: no data');
    await server.context.db.insert(monitorCertificates).values({
      monitorId: monitor.id,
      certificateKey: 'sha256:BADGE',
      host: 'secret-owner-target.example',
      validTo: new Date(Date.now() + 12.5 * DAY),
      seenAt: new Date(),
    });
    // Another badge query: the kept one was drawn before the certificate came.
    const after = await get(`/api/v1/badges/${monitor.token}/certificate.svg?label=TLS`);
    expect(after.statusCode).toBe(200);
    expect(after.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(messageOf(after.body)).toBe('TLS: 12 days');
    expect(after.body).toContain('fill="#d8b800"'); // yellow: 7–13 days
    expect((await get('/api/v1/badges/not-a-token/certificate.svg')).statusCode).toBe(404);
  });
});
