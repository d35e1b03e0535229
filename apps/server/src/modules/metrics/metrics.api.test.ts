import { heatMapColour } from '@paydar/domain/heat-map';
import { formatDayKey, formatDayParam, HISTORY_BLOCKED_TEXT } from '@paydar/domain/history';
import { DAY_MS, HOUR_MS, utcDayStart } from '@paydar/domain/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addProber } from '../../admin/prober.commands';

let server: TestServer;
let owner: BuiltUser;
let stranger: BuiltUser;
const keys: Record<string, string> = {};
const proberIds: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer();
  [owner, stranger] = await Promise.all([buildUser(server), buildUser(server)]);
  await setPlan(server, owner.id, 'Gold');
  for (const name of ['A', 'B', 'C']) {
    const output = await addProber(server.context, `${name}-metrics`, { country: 'DE' });
    keys[name] = output.split('\n')[1] ?? '';
    proberIds[name] = Number(/id (\d+)/.exec(output)?.[1]);
  }
});
afterAll(() => server.close());

type Phases = { resolve: number | null; connect: number | null; tls: number | null; response: number | null };

async function createMonitor(user: BuiltUser, probers: string[], overrides: Record<string, unknown> = {}) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/monitors/',
    headers: user.headers,
    payload: {
      protocol_type: 'HTTP',
      url: 'http://93.184.216.34/',
      period: 15,
      apdex: 0.5,
      probers: probers.map((name) => proberIds[name]),
      ...overrides,
    },
  });
  expect(response.statusCode).toBe(201);
  const monitor = response.json() as { id: number; token: string };
  // Created "days ago", so that the days its scripted results fall on may be asked for.
  await server.context.db.execute(
    sql`UPDATE monitors SET created_at = now() - interval '60 days' WHERE id = ${monitor.id}`,
  );
  return monitor;
}

const ok = (duration: number, phases: Partial<Phases> = {}) => ({
  success: true,
  duration,
  phases: { resolve: 1, connect: 2, tls: null, response: duration - 5, ...phases },
});
/** A failure measures no phase: a timeout or a 5xx after nothing usable. */
const failed = (duration = 100) => ({
  success: false,
  duration,
  phases: { resolve: null, connect: null, tls: null, response: null },
});

function post(prober: string, monitorId: number, time: number, outcome: ReturnType<typeof ok>) {
  return server.app.inject({
    method: 'POST',
    url: '/api/agent/v1/results',
    headers: { authorization: `Prober ${keys[prober]}` },
    payload: {
      results: [
        {
          monitor_id: monitorId,
          time: new Date(time).toISOString(),
          success: outcome.success,
          status_code: outcome.success ? 200 : 503,
          error: outcome.success ? null : 'HTTP 503 Service Unavailable',
          phases: { ...outcome.phases, duration: outcome.duration },
          extra_info: {},
        },
      ],
    },
  });
}

const today = () => utcDayStart(Date.now());
/** hh:00 UTC yesterday: within ingest's 7 days, and a whole past day to look at. */
const yesterdayAt = (hours: number) => today() - DAY_MS + hours * HOUR_MS;
const daysAgo = (days: number) => today() - days * DAY_MS;

function get(url: string, user: BuiltUser | null = owner) {
  return server.app.inject({ method: 'GET', url, headers: user ? user.headers : {} });
}

describe('a day with a scripted 7-minute outage', () => {
  let monitorId: number;
  let token: string;
  const start = yesterdayAt(10);

  beforeAll(async () => {
    ({ id: monitorId, token } = await createMonitor(owner, ['A', 'B', 'C']));
    // Every 15 s from 10:00:00 to 10:15:00, each prober in turn (61 ticks × 3 = 183 results);
    // A and B fail from 10:02:00 until 10:09:00 (28 ticks each), C never does.
    for (let second = 0; second <= 900; second += 15) {
      for (const prober of ['A', 'B', 'C']) {
        const failing = prober !== 'C' && second >= 120 && second < 540;
        const response = await post(prober, monitorId, start + second * 1000, failing ? failed() : ok(100));
        expect(response.json().accepted).toBe(1);
      }
    }
  });

  it('gives uptime and the downtime exact to the second, and the day from rollups', async () => {
    const response = await get(`/api/v1/monitors/${monitorId}/metric?day=${formatDayParam(start)}`);
    expect(response.statusCode).toBe(200);
    const metric = response.json();
    // Observed from the first check (10:00) to the day's end: 14 h = 50,400 s, of which 420 s down.
    expect(metric.uptime_percent).toBe(((50_400 - 420) / 50_400) * 100);
    expect(metric.downtimes).toEqual([
      {
        from_time: new Date(start + 120_000).toISOString(),
        to_time: new Date(start + 540_000).toISOString(),
        duration: 420,
        ended_by: 'recovery',
        // The failing checks' reason, kept on the downtime when ingest opened it.
        reason: 'HTTP 503',
      },
    ]);
    expect(metric).toMatchObject({
      is_down: false,
      last_status_code: 200,
      last_status: null,
      first_check_at: new Date(start).toISOString(),
      last_check_at: new Date(start + 900_000).toISOString(),
    });
    // 183 results, 56 failed (frustrated), 127 satisfied at 100 ms: (2 × 127) / (2 × 183) = 69.398… → 69.4.
    expect(metric.apdex_percent).toBe(69.4);
    expect(metric.by_response_time).toEqual({
      buckets: [127, 0, 0, 0, 0, 0, 0, 0],
      error: 56,
      average_response_time: 100,
      under100000: 127,
    });
    const line = { connect: 2, tls: null, response: 95, resolve: 1, duration: 100, country_code: 'DE' };
    expect(metric.probers).toEqual([
      { id: proberIds.A, name: 'A-metrics', ...line, failed: 28 },
      { id: proberIds.B, name: 'B-metrics', ...line, failed: 28 },
      { id: proberIds.C, name: 'C-metrics', ...line, failed: 0 },
    ]);
    // The chosen day's own 24 hours: everything happened in the 10:00 hour.
    expect(metric.last_day_hourly_metrics.apdex_percents).toEqual(
      Array.from({ length: 24 }, (_, hour) => (hour === 10 ? 69.4 : null)),
    );
    expect(metric.monthly_metrics[formatDayKey(start)]).toEqual({ downtime_minutes: 7, apdex_percent: 69.4 });
    expect(heatMapColour(metric.monthly_metrics[formatDayKey(start)].downtime_minutes)).toBe('yellow');
  });

  it('shows today live: nothing down since midnight, the last 24 hours up to the last check', async () => {
    const response = await get(`/api/v1/monitors/${monitorId}/metric?cache=False`);
    expect(response.statusCode).toBe(200);
    const metric = response.json();
    expect(metric.uptime_percent).toBe(100);
    expect(metric.downtimes).toEqual([]);
    expect(metric.apdex_percent).toBeNull();
    expect(metric.probers).toEqual([]);
    expect(metric.by_response_time).toEqual({
      buckets: [0, 0, 0, 0, 0, 0, 0, 0],
      error: 0,
      average_response_time: null,
      under100000: 0,
    });
    // The last check was yesterday at 10:15, so its hour is the newest of the 24.
    expect(metric.last_day_hourly_metrics.apdex_percents).toEqual([...new Array(23).fill(null), 69.4]);
    expect(Math.abs(Date.parse(metric.fetch_time) - Date.now())).toBeLessThan(5_000);
    expect(Object.keys(metric.monthly_metrics)).toEqual([formatDayKey(start)]);
  });

  it('serves the raw records of at most 6 hours, in time order, half-open', async () => {
    const range = (from: number, to: number) =>
      `/api/v1/monitors/${monitorId}/metric/raw?from_time=${new Date(from).toISOString()}&to_time=${new Date(to).toISOString()}`;
    const whole = await get(range(start, start + 6 * HOUR_MS));
    expect(whole.statusCode).toBe(200);
    const records = whole.json().result as Array<Record<string, unknown>>;
    expect(records).toHaveLength(183);
    const times = records.map((record) => Date.parse(record.time as string));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(records[0]).toMatchObject({
      time: new Date(start).toISOString(),
      probe_success: 1,
      probe_duration_seconds: 0.1,
      prober_id: proberIds.A,
      extra_info: { status_code: 200 },
    });
    expect(Number.isNaN(Date.parse(records[0]?.time_inserted as string))).toBe(false);
    const failure = records.find((record) => record.probe_success === 0);
    expect(failure?.extra_info).toEqual({ status_code: 503, error: 'HTTP 503 Service Unavailable' });

    const tick = await get(range(start + 15_000, start + 30_000));
    expect(tick.json().result.map((record: { time: string }) => record.time)).toEqual(
      new Array(3).fill(new Date(start + 15_000).toISOString()),
    );
    // Without an offset the time is UTC.
    const local = await get(
      `/api/v1/monitors/${monitorId}/metric/raw?from_time=${new Date(start).toISOString().slice(0, 19)}&to_time=${new Date(start + 1000).toISOString().slice(0, 19)}`,
    );
    expect(local.json().result).toHaveLength(3);
  });

  it('refuses a raw window longer than 6 hours or going backwards, naming the field', async () => {
    const iso = (ms: number) => new Date(ms).toISOString();
    const url = (from: string, to: string) =>
      `/api/v1/monitors/${monitorId}/metric/raw?from_time=${from}&to_time=${to}`;
    const tooLong = await get(url(iso(start), iso(start + 6 * HOUR_MS + 1000)));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().to_time).toEqual(['The window can be at most 6 hours.']);
    const backwards = await get(url(iso(start), iso(start)));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().to_time).toBeDefined();
    const malformed = await get(url('yesterday', iso(start)));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().from_time).toBeDefined();
    const missing = await get(`/api/v1/monitors/${monitorId}/metric/raw?from_time=${iso(start)}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().to_time).toBeDefined();
  });

  it("answers 404 to every call on another user's monitor, and 401 without a session", async () => {
    const day = formatDayParam(start);
    const iso = (ms: number) => new Date(ms).toISOString();
    for (const url of [
      `/api/v1/monitors/${monitorId}/metric`,
      `/api/v1/monitors/${monitorId}/metric?day=${day}`,
      `/api/v1/monitors/${monitorId}/metric/raw?from_time=${iso(start)}&to_time=${iso(start + HOUR_MS)}`,
    ]) {
      const response = await get(url, stranger);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
      expect((await get(url, null)).statusCode, url).toBe(401);
    }
  });

  it('shares the monitor and its metric without a session, and nothing private', async () => {
    const shared = await get(`/api/v1/monitors/${token}/share_info`, null);
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['cache-control']).toBe('public, max-age=30');
    const body = shared.json();
    expect(body.monitor).toMatchObject({ id: monitorId, token, url: 'http://93.184.216.34/' });
    for (const key of ['alert', 'labels', 'http_headers', 'http_body']) expect(body.monitor).not.toHaveProperty(key);
    expect(body.metric.last_day_hourly_metrics.apdex_percents.at(-1)).toBe(69.4);

    const custom = await get(
      `/api/v1/monitors/acme/${token}-anything-after-36/metric?day=${formatDayParam(start)}`,
      null,
    );
    expect(custom.statusCode).toBe(200);
    expect(custom.json().monitor.id).toBe(monitorId);
    expect(custom.json().metric.uptime_percent).toBe(((50_400 - 420) / 50_400) * 100);
    expect((await get(`/api/v1/monitors/symlink/${token}/metric`, null)).json().monitor.id).toBe(monitorId);
  });

  it('answers 404 to an unknown or shortened share token', async () => {
    for (const url of [
      `/api/v1/monitors/${'x'.repeat(36)}/share_info`,
      `/api/v1/monitors/${token.slice(0, 35)}/share_info`,
      `/api/v1/monitors/symlink/${token.slice(0, 35)}/metric`,
      `/api/v1/monitors/symlink/${'y'.repeat(36)}/metric`,
    ]) {
      const response = await get(url, null);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });
});

describe('a scripted latency mix', () => {
  it('gives apdex, buckets, per-prober averages and hourly slots equal to a hand calculation', async () => {
    const { id: monitorId } = await createMonitor(owner, ['A', 'B', 'C']);
    const noon = yesterdayAt(12);
    const one = yesterdayAt(13);
    // T = 0.5 s. A: 4 satisfied (< 500 ms). B: 4 tolerating (500 ms … 2 s) and a 30 s timeout.
    // C, an hour later: 2 frustrated (> 2 s) and a failure.
    const script: Array<[string, number, ReturnType<typeof ok>]> = [
      ['A', noon, ok(100, { resolve: 5, connect: 10, tls: 20, response: 50 })],
      ['A', noon + 15_000, ok(200, { resolve: 5, connect: 10, tls: 20, response: 100 })],
      ['A', noon + 30_000, ok(400, { resolve: 5, connect: 10, tls: 20, response: 200 })],
      ['A', noon + 45_000, ok(499, { resolve: 5, connect: 10, tls: 20, response: 249.5 })],
      ['B', noon, ok(500, { resolve: null, connect: 15, response: 485 })],
      ['B', noon + 15_000, ok(700, { resolve: null, connect: 15, response: 685 })],
      ['B', noon + 30_000, ok(1500, { resolve: null, connect: 15, response: 1485 })],
      ['B', noon + 45_000, ok(2000, { resolve: null, connect: 15, response: 1985 })],
      ['B', noon + 60_000, failed(30_000)],
      ['C', one, ok(2100, { resolve: 7, connect: 12, tls: 40, response: 100 })],
      ['C', one + 15_000, ok(9000, { resolve: 7, connect: 12, tls: 40, response: 100 })],
      ['C', one + 30_000, failed()],
    ];
    for (const [prober, time, outcome] of script) {
      expect((await post(prober, monitorId, time, outcome)).json().accepted).toBe(1);
    }
    const response = await get(`/api/v1/monitors/${monitorId}/metric?day=${formatDayParam(noon)}`);
    expect(response.statusCode).toBe(200);
    const metric = response.json();
    // (4 satisfied + 4 tolerating / 2) / 12 results = 50 %.
    expect(metric.apdex_percent).toBe(50);
    expect(metric.by_response_time).toEqual({
      // 100 | 200 | 400, 499, 500 | 700 | 1500, 2000 | 2100 | — | 9000
      buckets: [1, 1, 3, 1, 2, 1, 0, 1],
      error: 2,
      // (100 + 200 + 400 + 499 + 500 + 700 + 1500 + 2000 + 2100 + 9000) / 10
      average_response_time: 1699.9,
      under100000: 10,
    });
    expect(metric.probers).toEqual([
      // Durations 1199 / 4 = 299.75 → 299.8; responses 599.5 / 4 = 149.875 → 149.9.
      {
        id: proberIds.A,
        name: 'A-metrics',
        country_code: 'DE',
        resolve: 5,
        connect: 10,
        tls: 20,
        response: 149.9,
        duration: 299.8,
        failed: 0,
      },
      {
        id: proberIds.B,
        name: 'B-metrics',
        country_code: 'DE',
        resolve: null,
        connect: 15,
        tls: null,
        response: 1160,
        duration: 1175,
        failed: 1,
      },
      {
        id: proberIds.C,
        name: 'C-metrics',
        country_code: 'DE',
        resolve: 7,
        connect: 12,
        tls: 40,
        response: 100,
        duration: 5550,
        failed: 1,
      },
    ]);
    // 12:00: 4 satisfied, 4 tolerating, 1 failed → (8 + 4) / 18 = 66.67 → 66.7; 13:00: all 3 frustrated → 0.
    expect(metric.last_day_hourly_metrics.apdex_percents).toEqual(
      Array.from({ length: 24 }, (_, hour) => (hour === 12 ? 66.7 : hour === 13 ? 0 : null)),
    );
    expect(metric.monthly_metrics[formatDayKey(noon)]).toEqual({ downtime_minutes: 0, apdex_percent: 50 });
    expect(heatMapColour(0)).toBe('green');
  });
});

describe("the plan's history", () => {
  let user: BuiltUser;
  let monitorId: number;
  let token: string;

  /** A day's rollup and downtime written directly: ingest refuses results older than 7 days. */
  async function seedDay(day: number, counts: { satisfied: number; tolerating: number }, downtimeSeconds: number) {
    const checks = counts.satisfied + counts.tolerating;
    const hour = new Date(day + 9 * HOUR_MS).toISOString();
    await server.context.db.execute(sql`
      INSERT INTO quarter_rollups (monitor_id, prober_id, quarter, checks, satisfied, tolerating, bucket_0, duration_sum)
      VALUES (${monitorId}, ${proberIds.A}, ${hour}::timestamptz, ${checks}, ${counts.satisfied}, ${counts.tolerating},
              ${checks}, ${checks * 100})`);
    if (downtimeSeconds > 0) {
      await server.context.db.execute(sql`
        INSERT INTO downtimes (monitor_id, from_time, to_time)
        VALUES (${monitorId}, ${hour}::timestamptz, ${hour}::timestamptz + make_interval(secs => ${downtimeSeconds}))`);
    }
  }

  beforeAll(async () => {
    user = await buildUser(server); // on Free: 7 days of history
    ({ id: monitorId, token } = await createMonitor(user, ['A'], { period: 300 }));
    await seedDay(daysAgo(3), { satisfied: 2, tolerating: 2 }, 90);
    await seedDay(daysAgo(5), { satisfied: 4, tolerating: 0 }, 20 * 60);
    await seedDay(daysAgo(10), { satisfied: 10, tolerating: 0 }, 20 * 60);
    // Its state row exists from creation; the checks seeded above would have set these.
    await server.context.db.execute(sql`
      UPDATE monitor_states SET first_check_at = ${new Date(daysAgo(10) + 9 * HOUR_MS).toISOString()}::timestamptz,
        last_check_at = ${new Date(daysAgo(3) + 10 * HOUR_MS).toISOString()}::timestamptz, last_status_code = 200
      WHERE monitor_id = ${monitorId}`);
  });

  const metricUrl = (day: number) => `/api/v1/monitors/${monitorId}/metric?day=${formatDayParam(day)}`;

  it('shows a past day within the plan and refuses one older than 7 days with the spec text', async () => {
    const within = await get(metricUrl(daysAgo(3)), user);
    expect(within.statusCode).toBe(200);
    // (2 + 2 / 2) / 4 = 75 %; 90 s down out of the whole day.
    expect(within.json()).toMatchObject({
      apdex_percent: 75,
      uptime_percent: ((86_400 - 90) / 86_400) * 100,
      downtimes: [expect.objectContaining({ duration: 90 })],
    });
    expect((await get(metricUrl(daysAgo(7)), user)).statusCode).toBe(200);
    for (const day of [daysAgo(8), daysAgo(10)]) {
      const refused = await get(metricUrl(day), user);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe(HISTORY_BLOCKED_TEXT);
      expect(refused.json().day).toEqual([HISTORY_BLOCKED_TEXT]);
    }
    // Shared viewers get the same limit (spec §6).
    const shared = await get(`/api/v1/monitors/symlink/${token}/metric?day=${formatDayParam(daysAgo(10))}`, null);
    expect(shared.statusCode).toBe(403);
    expect(shared.json().detail).toBe(HISTORY_BLOCKED_TEXT);
  });

  it('keeps monthly metrics within the plan, with the heat-map inputs', async () => {
    const free = (await get(`/api/v1/monitors/${monitorId}/metric`, user)).json().monthly_metrics;
    expect(free).toEqual({
      [formatDayKey(daysAgo(5))]: { downtime_minutes: 20, apdex_percent: 100 },
      [formatDayKey(daysAgo(3))]: { downtime_minutes: 1.5, apdex_percent: 75 },
    });
    expect(heatMapColour(free[formatDayKey(daysAgo(5))].downtime_minutes)).toBe('red');
    expect(heatMapColour(free[formatDayKey(daysAgo(3))].downtime_minutes)).toBe('yellow');

    await setPlan(server, user.id, 'Gold');
    try {
      const gold = await get(`/api/v1/monitors/${monitorId}/metric`, user);
      expect(Object.keys(gold.json().monthly_metrics)).toEqual(
        [daysAgo(10), daysAgo(5), daysAgo(3)].map((day) => formatDayKey(day)),
      );
      expect((await get(metricUrl(daysAgo(10)), user)).json()).toMatchObject({
        apdex_percent: 100,
        downtimes: [expect.objectContaining({ duration: 1200 })],
      });
      const oneMonth = await get(`/api/v1/monitors/${monitorId}/metric?months=1`, user);
      const monthStart = formatDayKey(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
      expect(Object.keys(oneMonth.json().monthly_metrics).every((key) => key >= monthStart)).toBe(true);
    } finally {
      await setPlan(server, user.id, 'Free');
    }
  });

  it('refuses bad input, naming the field', async () => {
    const cases: Array<[string, string, number]> = [
      [`/api/v1/monitors/${monitorId}/metric?day=2024-13-01`, 'day', 400],
      [`/api/v1/monitors/${monitorId}/metric?day=yesterday`, 'day', 400],
      [`/api/v1/monitors/${monitorId}/metric?day=${formatDayParam(today() + DAY_MS)}`, 'day', 400],
      // Before the monitor was created (60 days ago).
      [`/api/v1/monitors/${monitorId}/metric?day=${formatDayParam(daysAgo(61))}`, 'day', 400],
      [`/api/v1/monitors/${monitorId}/metric?months=0`, 'months', 400],
      [`/api/v1/monitors/${monitorId}/metric?months=7`, 'months', 400],
      [`/api/v1/monitors/${monitorId}/metric?cache=maybe`, 'cache', 400],
      ['/api/v1/monitors/abc/metric', 'id', 400],
    ];
    for (const [url, field, status] of cases) {
      const response = await get(url, user);
      expect(response.statusCode, url).toBe(status);
      expect(response.json()[field], url).toBeDefined();
    }
    const padded = new Date(daysAgo(3));
    const zeroPadded = `${padded.getUTCFullYear()}-${String(padded.getUTCMonth() + 1).padStart(2, '0')}-${String(padded.getUTCDate()).padStart(2, '0')}`;
    expect((await get(`/api/v1/monitors/${monitorId}/metric?day=${zeroPadded}&cache=false`, user)).statusCode).toBe(
      200,
    );
  });
});
