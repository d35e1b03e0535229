import { formatDayParam } from '@paydar/domain/history';
import { localDayStart, localHourStart } from '@paydar/domain/local-day';
import { DAY_MS, HOUR_MS, utcDayStart } from '@paydar/domain/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addProber } from '../../admin/prober.commands';
import { createMonitor, httpMonitorBody } from '../monitors/monitors.test-support';

let server: TestServer;
let owner: BuiltUser;
let stranger: BuiltUser;
let silver: BuiltUser;
const proberIds: Record<string, number> = {};
const today = () => utcDayStart(Date.now());
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  server = await startTestServer();
  [owner, stranger, silver] = await Promise.all([buildUser(server), buildUser(server), buildUser(server)]);
  await setPlan(server, owner.id, 'Gold');
  await setPlan(server, silver.id, 'Silver');
  for (const name of ['A', 'B']) {
    const output = await addProber(server.context, `${name}-trends`, { country: 'DE' });
    proberIds[name] = Number(/id (\d+)/.exec(output)?.[1]);
  }
});
afterAll(() => server.close());

async function createOwnMonitor(user: BuiltUser): Promise<number> {
  return (await createMonitorWithToken(user)).id;
}

async function createMonitorWithToken(user: BuiltUser): Promise<{ id: number; token: string }> {
  // Named probers only: no check runs, so the seeded rows are all there is.
  const body = httpMonitorBody(proberIds.A ?? 0, { period: 60, probers: [proberIds.A, proberIds.B] });
  const response = await createMonitor(server, user, body);
  expect(response.statusCode).toBe(201);
  const { id, token } = response.json() as { id: number; token: string };
  const firstCheck = iso(today() - 120 * DAY_MS);
  await server.context.db.execute(sql`UPDATE monitors SET created_at = ${firstCheck}::timestamptz WHERE id = ${id}`);
  await server.context.db.execute(sql`
    INSERT INTO monitor_states (monitor_id, first_check_at, last_check_at)
    VALUES (${id}, ${firstCheck}::timestamptz, ${iso(Date.now() - 60_000)}::timestamptz)
    ON CONFLICT (monitor_id) DO UPDATE SET first_check_at = EXCLUDED.first_check_at, last_check_at = EXCLUDED.last_check_at`);
  return { id, token };
}

const downtime = (monitorId: number, from: number, hours: number) =>
  server.context.db.execute(sql`
    INSERT INTO downtimes (monitor_id, from_time, to_time, ended_by)
    VALUES (${monitorId}, ${iso(from)}::timestamptz, ${iso(from + hours * HOUR_MS)}::timestamptz, 'recovery')`);

/** One prober's rollup of an hour: `buckets` successful checks per bucket, `failures` failed ones. */
const rollup = (monitorId: number, prober: string, hour: number, buckets: number[], failures = 0) => {
  const [b0, b1, b2, b3, b4, b5, b6, b7] = buckets;
  const checks = buckets.reduce((sum, count) => sum + count, 0) + failures;
  return server.context.db.execute(sql`
    INSERT INTO quarter_rollups (monitor_id, prober_id, quarter, checks, failures,
      bucket_0, bucket_1, bucket_2, bucket_3, bucket_4, bucket_5, bucket_6, bucket_7)
    VALUES (${monitorId}, ${proberIds[prober]}, ${iso(hour)}::timestamptz, ${checks}, ${failures},
      ${b0}, ${b1}, ${b2}, ${b3}, ${b4}, ${b5}, ${b6}, ${b7})
    ON CONFLICT (monitor_id, quarter, prober_id) DO UPDATE SET
      checks = EXCLUDED.checks, failures = EXCLUDED.failures, bucket_0 = EXCLUDED.bucket_0,
      bucket_1 = EXCLUDED.bucket_1, bucket_2 = EXCLUDED.bucket_2, bucket_7 = EXCLUDED.bucket_7`);
};

function get(url: string, user: BuiltUser, headers: Record<string, string> = {}) {
  return server.app.inject({ method: 'GET', url, headers: { ...user.headers, ...headers } });
}

describe('GET /api/v1/monitors/{id}/metric/trends', () => {
  let monitorId: number;
  const yesterday = () => today() - DAY_MS;

  beforeAll(async () => {
    monitorId = await createOwnMonitor(owner);
    const t0 = today();
    // 90 days of hourly rollups of prober A, every check in bucket 1 (125–250 ms), written in one statement.
    await server.context.db.execute(sql`
      INSERT INTO quarter_rollups (monitor_id, prober_id, quarter, checks, bucket_1)
      SELECT ${monitorId}, ${proberIds.A}, hour, 60, 60
      FROM generate_series(${iso(t0 - 90 * DAY_MS)}::timestamptz, ${iso(t0 - HOUR_MS)}::timestamptz, interval '1 hour') AS hour`);
    // Yesterday 10:00 and 11:00 differ; prober B only answered above 8 s at 10:00 and failed at 11:00.
    await rollup(monitorId, 'A', yesterday() + 10 * HOUR_MS, [100, 0, 0, 0, 0, 0, 0, 0]);
    await rollup(monitorId, 'A', yesterday() + 11 * HOUR_MS, [0, 0, 10, 0, 0, 0, 0, 0]);
    await rollup(monitorId, 'B', yesterday() + 10 * HOUR_MS, [0, 0, 0, 0, 0, 0, 0, 5]);
    await rollup(monitorId, 'B', yesterday() + 11 * HOUR_MS, [0, 0, 0, 0, 0, 0, 0, 0], 60);
    // Downtimes: 1 h three days ago, 2 h twenty days ago, 3 h sixty days ago of which the first hour
    // was maintenance, and 5 h a hundred days ago (outside every window). A 4-hour pause 45 days ago.
    await downtime(monitorId, t0 - 3 * DAY_MS + 10 * HOUR_MS, 1);
    await downtime(monitorId, t0 - 20 * DAY_MS + 5 * HOUR_MS, 2);
    await downtime(monitorId, t0 - 60 * DAY_MS, 3);
    await downtime(monitorId, t0 - 100 * DAY_MS, 5);
    await server.context.db.execute(sql`
      INSERT INTO maintenance_spans (monitor_id, starts_at, ends_at)
      VALUES (${monitorId}, ${iso(t0 - 60 * DAY_MS)}::timestamptz, ${iso(t0 - 60 * DAY_MS + HOUR_MS)}::timestamptz)`);
    await server.context.db.execute(sql`
      INSERT INTO monitor_pauses (monitor_id, started_at, ended_at)
      VALUES (${monitorId}, ${iso(t0 - 45 * DAY_MS)}::timestamptz, ${iso(t0 - 45 * DAY_MS + 4 * HOUR_MS)}::timestamptz)`);
  });

  it('gives uptime over 7, 30 and 90 days ending with the day, maintenance and pauses left out', async () => {
    const response = await get(`/api/v1/monitors/${monitorId}/metric/trends?day=${formatDayParam(yesterday())}`, owner);
    expect(response.statusCode).toBe(200);
    const { uptime } = response.json();
    const percent = (observed: number, down: number) => ((observed - down) / observed) * 100;
    expect(uptime).toEqual([
      { days: 7, uptime_percent: percent(7 * 86_400, 3_600), within_history: true },
      { days: 30, uptime_percent: percent(30 * 86_400, 3 * 3_600), within_history: true },
      {
        days: 90,
        // Observed: 90 days less the maintenance hour and the 4-hour pause; down: 1 + 2 + (3 − 1) hours.
        uptime_percent: percent(90 * 86_400 - 3_600 - 4 * 3_600, 5 * 3_600),
        within_history: true,
      },
    ]);
  });

  it('gives p50 and p95 per prober and hour from the bucket counts', async () => {
    const response = await get(`/api/v1/monitors/${monitorId}/metric/trends?day=${formatDayParam(yesterday())}`, owner);
    const { response_time: series } = response.json();
    expect(series.day.from).toBe(iso(yesterday()));
    expect(series.day.hours).toBe(24);
    const [a, b] = series.day.probers;
    expect(a).toMatchObject({ id: proberIds.A, name: 'A-trends', country_code: 'DE' });
    expect(a.p50.slice(9, 13)).toEqual([187.5, 62.5, 375, 187.5]);
    expect(a.p95.slice(10, 12)).toEqual([118.8, 487.5]);
    // Above 8 s: the lower bound; an hour of failures only has no percentile.
    expect(b.id).toBe(proberIds.B);
    expect(b.p50[10]).toBe(8000);
    expect(b.p50[11]).toBeNull();
    expect(b.p50[9]).toBeNull();
    expect(series.week.hours).toBe(168);
    expect(series.week.from).toBe(iso(yesterday() + DAY_MS - 7 * DAY_MS));
    expect(series.week.probers[0].p50.filter((value: number | null) => value !== null)).toHaveLength(168);
  });

  it("ends today's series with the local hour now is in, from the reader's local midnight", async () => {
    // Tehran is UTC+3:30: its day and its hours start at half past a UTC hour, and so does the series (issue 26).
    const zone = 'Asia/Tehran';
    const response = await get(`/api/v1/monitors/${monitorId}/metric/trends?time_zone=${zone}`, owner);
    expect(response.statusCode).toBe(200);
    const { day, week } = response.json().response_time;
    const hourEnd = localHourStart(Date.now(), zone) + HOUR_MS;
    expect(hourEnd % HOUR_MS).toBe(HOUR_MS / 2);
    expect(Date.parse(day.from)).toBe(localDayStart(Date.now(), zone));
    expect(Date.parse(day.from) + day.hours * HOUR_MS).toBe(hourEnd);
    expect(Date.parse(week.from) + week.hours * HOUR_MS).toBe(hourEnd);
    expect(week.hours).toBe(168);
    // Each local hour holds the rows of its quarters: the last seeded row (23:00 UTC yesterday) is in
    // the hour 22:30–23:30 UTC, alone; the hour after it has none.
    const lastSeeded = Math.floor((today() - HOUR_MS - Date.parse(week.from)) / HOUR_MS);
    expect(week.probers[0].p50[lastSeeded]).toBe(187.5);
    expect(week.probers[0].p50[lastSeeded + 1]).toBeNull();
  });

  it('names the field of a bad time zone', async () => {
    const response = await get(`/api/v1/monitors/${monitorId}/metric/trends?time_zone=Mars%2FOlympus`, owner);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('time_zone');
  });

  it("lists the week's pauses and maintenance for the chart", async () => {
    const response = await get(`/api/v1/monitors/${monitorId}/metric/trends`, owner);
    expect(response.statusCode).toBe(200);
    // The seeded spans are older than a week.
    expect(response.json()).toMatchObject({ paused: [], maintenance: [] });
  });

  it('answers 304 to a client holding this version', async () => {
    const url = `/api/v1/monitors/${monitorId}/metric/trends?day=${formatDayParam(yesterday())}`;
    const first = await get(url, owner);
    expect(first.headers['cache-control']).toContain('private');
    const again = await get(url, owner, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it("refuses another user's monitor with 404, and a visitor with 401", async () => {
    const response = await get(`/api/v1/monitors/${monitorId}/metric/trends`, stranger);
    expect(response.statusCode).toBe(404);
    const anonymous = await server.app.inject({ method: 'GET', url: `/api/v1/monitors/${monitorId}/metric/trends` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('names the field of a bad day', async () => {
    for (const day of ['2024-13-40', 'x\u0000y', '9999-01-01']) {
      const response = await get(`/api/v1/monitors/${monitorId}/metric/trends?day=${encodeURIComponent(day)}`, owner);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('day');
    }
  });
});

describe('a plan with 30 days of history', () => {
  it('gives no figure for a window reaching past it', async () => {
    const monitorId = await createOwnMonitor(silver);
    const response = await get(`/api/v1/monitors/${monitorId}/metric/trends`, silver);
    expect(response.statusCode).toBe(200);
    const { uptime } = response.json();
    expect(uptime.map((window: { within_history: boolean }) => window.within_history)).toEqual([true, true, false]);
    expect(uptime[0].uptime_percent).toBe(100);
    expect(uptime[2].uptime_percent).toBeNull();
  });
});

describe('GET /api/v1/monitors/{prefix}/{token}/metric/trends (a shared link)', () => {
  it('answers without a session, as the owner sees it, and 404 for an unknown link', async () => {
    const { id, token } = await createMonitorWithToken(silver);
    await downtime(id, today() - 2 * DAY_MS, 2);
    const shared = await server.app.inject({ method: 'GET', url: `/api/v1/monitors/symlink/${token}/metric/trends` });
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['cache-control']).toContain('public');
    const own = await get(`/api/v1/monitors/${id}/metric/trends`, silver);
    expect(shared.json().uptime).toEqual(own.json().uptime);
    expect(shared.json().uptime[0].uptime_percent).toBeCloseTo(((7 * 86_400 - 7_200) / (7 * 86_400)) * 100, 0);
    const unknown = await server.app.inject({
      method: 'GET',
      url: '/api/v1/monitors/symlink/not-a-token/metric/trends',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses a day past the owner's plan history", async () => {
    const { token } = await createMonitorWithToken(silver);
    const day = formatDayParam(today() - 40 * DAY_MS);
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/v1/monitors/symlink/${token}/metric/trends?day=${day}`,
    });
    expect(response.statusCode).toBe(403);
  });
});
