import { MAINTENANCE_WINDOWS_PER_USER } from '@paydar/contracts/maintenance';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, callAs } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { probers } from '../../db/schema/index';
import { refreshAllSpans } from './maintenance.jobs';

let server: TestServer;
let localProberId: number;
beforeAll(async () => {
  server = await startTestServer();
  const [local] = await server.context.db.select().from(probers).where(eq(probers.name, 'Local'));
  localProberId = local?.id ?? 0;
});
afterAll(() => server.close());

const PATH = '/api/v1/maintenance_windows';
const HOUR = 3_600_000;

async function monitorOf(user: BuiltUser): Promise<number> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/monitors/',
    headers: user.headers,
    payload: { protocol_type: 'HTTP', url: '93.184.216.34/health', period: 300, apdex: 0.5, probers: [localProberId] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const call = (user: BuiltUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  callAs(server, user, method, url, payload);

const once = (monitors: number[], from: number, to: number, extra: Record<string, unknown> = {}) => ({
  title: 'Database upgrade',
  monitors,
  kind: 'once',
  starts_at: new Date(from).toISOString(),
  ends_at: new Date(to).toISOString(),
  ...extra,
});

const spansOf = async (windowId: number) =>
  (
    await server.context.db.execute<{ monitor_id: number; starts_at: Date; ends_at: Date }>(
      sql`SELECT monitor_id, starts_at, ends_at FROM maintenance_spans WHERE window_id = ${windowId} ORDER BY starts_at, monitor_id`,
    )
  ).rows.map((row) => ({
    monitorId: row.monitor_id,
    from: new Date(row.starts_at).getTime(),
    to: new Date(row.ends_at).getTime(),
  }));

describe('maintenance windows through the API', () => {
  let owner: BuiltUser;
  let monitorId: number;

  beforeAll(async () => {
    owner = await buildUser(server);
    monitorId = await monitorOf(owner);
  });

  it('creates a one-off window, lists it, reads it; its spans are written', async () => {
    const now = Date.now();
    const created = await call(owner, 'POST', PATH, once([monitorId], now + HOUR, now + 2 * HOUR));
    expect(created.statusCode, created.body).toBe(201);
    const window = created.json();
    expect(window).toMatchObject({
      title: 'Database upgrade',
      monitors: [monitorId],
      kind: 'once',
      time_zone: 'Asia/Tehran',
    });
    expect(window.active_now).toBe(false);
    expect(Date.parse(window.next_start)).toBe(now + HOUR);
    expect(await spansOf(window.id)).toEqual([{ monitorId, from: now + HOUR, to: now + 2 * HOUR }]);
    const list = await call(owner, 'GET', PATH);
    expect(list.json()).toMatchObject({ count: 1, next: null, previous: null });
    expect((await call(owner, 'GET', `${PATH}/${window.id}`)).json().id).toBe(window.id);
  });

  it('a weekly window: computed next occurrence in its zone, 14 days of spans, edit moves them', async () => {
    const created = await call(owner, 'POST', PATH, {
      title: 'Weekly deploy',
      monitors: [monitorId],
      kind: 'weekly',
      days_of_week: [1, 4],
      start_time: '03:00',
      duration_minutes: 30,
      time_zone: 'Europe/Berlin',
    });
    expect(created.statusCode, created.body).toBe(201);
    const window = created.json();
    const spans = await spansOf(window.id);
    expect(spans.length).toBeGreaterThanOrEqual(3);
    expect(spans.length).toBeLessThanOrEqual(5);
    for (const span of spans) expect(span.to - span.from).toBe(30 * 60_000);
    expect(Date.parse(window.next_start)).toBe(spans[0]?.from);

    const edited = await call(owner, 'PUT', `${PATH}/${window.id}`, {
      title: 'Weekly deploy',
      monitors: [monitorId],
      kind: 'weekly',
      days_of_week: [7],
      start_time: '22:00',
      duration_minutes: 60,
      time_zone: 'Asia/Tehran',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const moved = await spansOf(window.id);
    expect(moved).toHaveLength(2);
    for (const span of moved) {
      expect(new Date(span.from).getUTCDay()).toBe(0);
      expect(new Date(span.from).toISOString().slice(11, 16)).toBe('18:30');
      expect(span.to - span.from).toBe(HOUR);
    }
    // The daily refresh writes the same spans again, no duplicates.
    await refreshAllSpans(server.context);
    expect(await spansOf(window.id)).toEqual(moved);
    expect((await call(owner, 'DELETE', `${PATH}/${window.id}`)).statusCode).toBe(200);
    expect(await spansOf(window.id)).toEqual([]);
  });

  it('ends an ongoing one-off window early; a window not going on is a 409', async () => {
    const now = Date.now();
    const window = (await call(owner, 'POST', PATH, once([monitorId], now - 1000, now + HOUR))).json();
    expect(window.active_now).toBe(true);
    const ended = await call(owner, 'POST', `${PATH}/${window.id}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().active_now).toBe(false);
    expect(Date.parse(ended.json().ends_at)).toBeLessThan(now + 60_000);
    const spans = await spansOf(window.id);
    for (const span of spans) expect(span.to).toBeLessThanOrEqual(Date.now());
    expect((await call(owner, 'POST', `${PATH}/${window.id}/end`)).statusCode).toBe(409);
  });

  it('ends the ongoing occurrence of a weekly window and keeps the next ones', async () => {
    const now = new Date();
    const weekday = now.getUTCDay() === 0 ? 7 : now.getUTCDay();
    const start = new Date(now.getTime() - 10 * 60_000);
    // A window begun 10 minutes ago today in UTC (skipped near midnight, where "today" would not hold).
    if (start.getUTCDay() !== now.getUTCDay() || now.getUTCHours() >= 23) return;
    const created = await call(owner, 'POST', PATH, {
      title: 'Nightly',
      monitors: [monitorId],
      kind: 'weekly',
      days_of_week: [weekday],
      start_time: start.toISOString().slice(11, 16),
      duration_minutes: 60,
      time_zone: 'UTC',
    });
    const window = created.json();
    expect(window.active_now).toBe(true);
    const ended = (await call(owner, 'POST', `${PATH}/${window.id}/end`)).json();
    expect(ended.active_now).toBe(false);
    expect(Date.parse(ended.next_start) - Date.parse(window.next_start)).toBe(7 * 24 * HOUR);
    const spans = await spansOf(window.id);
    expect(spans[0]?.to).toBeLessThanOrEqual(Date.now());
    expect(spans.slice(1).every((span) => span.from > Date.now() + 6 * 24 * HOUR)).toBe(true);
    // The daily refresh does not bring the ended occurrence back.
    await refreshAllSpans(server.context);
    expect((await spansOf(window.id)).filter((span) => span.to > Date.now() && span.from < Date.now())).toEqual([]);
  });

  it.each([
    // Berlin springs forward on 29 March 2026: 10:00 local is 09:00Z before, 08:00Z after.
    ['Europe/Berlin', ['2026-03-22T09:00:00.000Z', '2026-03-29T08:00:00.000Z']],
    // Tehran has kept +03:30 all year since 2022.
    ['Asia/Tehran', ['2026-03-22T06:30:00.000Z', '2026-03-29T06:30:00.000Z']],
  ])('a weekly window in %s across the March DST date: spans follow the local time', async (zone, starts) => {
    // Back in time (moving forward would outlive the session).
    server.clock.offsetMs = Date.parse('2026-03-21T00:00:00Z') - Date.now();
    try {
      const created = await call(owner, 'POST', PATH, {
        title: `Sunday ${zone}`,
        monitors: [monitorId],
        kind: 'weekly',
        days_of_week: [7],
        start_time: '10:00',
        duration_minutes: 120,
        time_zone: zone,
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().next_start).toBe(starts[0]);
      const spans = await spansOf(created.json().id);
      expect(spans.map((span) => new Date(span.from).toISOString())).toEqual(starts);
      for (const span of spans) expect(span.to - span.from).toBe(2 * HOUR);
      await call(owner, 'DELETE', `${PATH}/${created.json().id}`);
    } finally {
      server.clock.offsetMs = 0;
    }
  });

  it.each([
    ['title', { title: '' }],
    ['title', { title: 'x'.repeat(101) }],
    ['title', { title: 'a\u0000b' }],
    ['monitors', { monitors: [] }],
    ['monitors', { monitors: [1e12] }],
    ['kind', { kind: 'daily' }],
    ['time_zone', { time_zone: 'Mars/Olympus' }],
    ['starts_at', { starts_at: 'tomorrow' }],
    ['ends_at', { ends_at: undefined }],
    ['ends_at', { ends_at: new Date(Date.now() - HOUR).toISOString() }],
    ['ends_at', { ends_at: new Date(Date.now() + 40 * 24 * HOUR).toISOString() }],
    ['days_of_week', { kind: 'weekly', days_of_week: [0], start_time: '10:00', duration_minutes: 30 }],
    ['start_time', { kind: 'weekly', days_of_week: [1], start_time: '24:00', duration_minutes: 30 }],
    ['duration_minutes', { kind: 'weekly', days_of_week: [1], start_time: '10:00', duration_minutes: 4 }],
    ['duration_minutes', { kind: 'weekly', days_of_week: [1], start_time: '10:00', duration_minutes: 1441 }],
    ['duration_minutes', { kind: 'weekly', days_of_week: [1], start_time: '10:00' }],
  ])('refuses a bad %s with a 400 naming it, writing nothing', async (field, change) => {
    const before = (await call(owner, 'GET', PATH)).json().count;
    const now = Date.now();
    const response = await call(owner, 'POST', PATH, { ...once([monitorId], now + HOUR, now + 2 * HOUR), ...change });
    expect(response.statusCode, response.body).toBe(400);
    // A field inside a list is named with its index, as elsewhere (`monitors.0`).
    expect(Object.keys(response.json()).some((key) => key === field || key.startsWith(`${field}.`))).toBe(true);
    expect((await call(owner, 'GET', PATH)).json().count).toBe(before);
  });

  it('refuses a huge number, and a body that is not JSON, with a 400', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: PATH,
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: `{"title":"x","monitors":[${monitorId}],"kind":"weekly","days_of_week":[1],"start_time":"10:00","duration_minutes":1e400}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('duration_minutes');
  });

  it('another user: 404 on every route, and cannot attach someone else’s monitor', async () => {
    const now = Date.now();
    const window = (await call(owner, 'POST', PATH, once([monitorId], now + HOUR, now + 2 * HOUR))).json();
    const stranger = await buildUser(server);
    const own = await monitorOf(stranger);
    const body = once([own], now + HOUR, now + 2 * HOUR);
    expect((await call(stranger, 'GET', `${PATH}/${window.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'PUT', `${PATH}/${window.id}`, body)).statusCode).toBe(404);
    expect((await call(stranger, 'DELETE', `${PATH}/${window.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'POST', `${PATH}/${window.id}/end`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', PATH)).json().count).toBe(0);
    const attach = await call(stranger, 'POST', PATH, once([own, monitorId], now + HOUR, now + 2 * HOUR));
    expect(attach.statusCode).toBe(400);
    expect(attach.json().monitors).toEqual([`Monitor ${monitorId} does not exist.`]);
    const mine = (await call(stranger, 'POST', PATH, body)).json();
    const steal = await call(stranger, 'PUT', `${PATH}/${mine.id}`, { ...body, monitors: [monitorId] });
    expect(steal.statusCode).toBe(400);
    expect((await call(owner, 'GET', `${PATH}/${window.id}`)).json().monitors).toEqual([monitorId]);
    expect((await call(stranger, 'GET', PATH)).json().count).toBe(1);
  });

  it('refuses the demo account', async () => {
    const login = await server.app.inject({ method: 'GET', url: '/api/v1/users/login_as_demo' });
    const demo = { headers: { authorization: `Token ${login.json().key}` } } as BuiltUser;
    const now = Date.now();
    const response = await call(demo, 'POST', PATH, once([1], now + HOUR, now + 2 * HOUR));
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('DEMO_READ_ONLY');
    expect((await call(demo, 'GET', PATH)).statusCode).toBe(200);
  });

  it(`concurrent creates stop at ${MAINTENANCE_WINDOWS_PER_USER} windows`, async () => {
    const user = await buildUser(server);
    const own = await monitorOf(user);
    const now = Date.now();
    const responses = await Promise.all(
      Array.from({ length: MAINTENANCE_WINDOWS_PER_USER + 10 }, () =>
        call(user, 'POST', PATH, once([own], now + HOUR, now + 2 * HOUR)),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(MAINTENANCE_WINDOWS_PER_USER);
    expect(responses.filter((response) => response.statusCode === 403)).toHaveLength(10);
    expect((await call(user, 'GET', PATH)).json().count).toBe(MAINTENANCE_WINDOWS_PER_USER);
  });
});
