import { formatDayKey, formatDayParam } from '@paydar/domain/history';
import { localDateOf, readerDays } from '@paydar/domain/local-day';
import { DAY_MS, MINUTE_MS } from '@paydar/domain/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResult, postResults } from '../../../test/check-results';
import { type BuiltUser, buildUser, callAs, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { parseScrape } from '../../../test/prometheus-scrape';
import { addResultsProber, createHttpMonitor } from '../../../test/results-prober';
import { uniqueSlug } from '../../../test/status-page-world';
import { bearer, createToken } from '../api-tokens/api-tokens.test-support';

/**
 * Whole local days at the edge of midnight (issue 26). The clock reads 00:20 of the reader's day in
 * a zone whose midnight is not a UTC hour — Tehran (+03:30), Kathmandu (+05:45), St John's (−03:30)
 * — and checks made at 00:05 and 00:10 count today in every figure: uptime, downtimes, failed
 * checks, apdex, apdex by hour, the histogram, p50/p95, the heat map, the status page's daily bar,
 * the badges and the Prometheus 24 hours; the checks of 23:40 and 23:50 count yesterday. Per UTC
 * hour, the first half hour (a quarter, west of UTC the second) went to the wrong day.
 */
let server: TestServer;
let owner: BuiltUser;
let stranger: BuiltUser;
let prober: { id: number; key: string };

beforeAll(async () => {
  server = await startTestServer();
  [owner, stranger] = await Promise.all([buildUser(server), buildUser(server)]);
  await setPlan(server, owner.id, 'Gold');
  prober = await addResultsProber(server, 'Z-edges');
});
afterAll(() => server.close());

const iso = (ms: number) => new Date(ms).toISOString();

interface Edge {
  zone: string;
  /** The local midnight the clock is 20 minutes past. */
  midnight: number;
  /** Failing since 00:05: two failures today, after two successes yesterday. */
  failing: { id: number; token: string };
  /** Up: 100 ms at 23:50 yesterday, 700 ms at 00:10 today. */
  healthy: { id: number; token: string };
  page: string;
}

async function edgeIn(zone: string): Promise<Edge> {
  const days = readerDays(zone);
  // Yesterday's local midnight: the whole scene lies in the past, where results are accepted.
  const midnight = days.spanOf(localDateOf(Date.now(), zone) - DAY_MS).start;
  server.clock.offsetMs = midnight + 20 * MINUTE_MS - Date.now();
  const failing = await createHttpMonitor(server, owner, [prober.id], { period: 300, alias: `failing ${zone}` });
  const healthy = await createHttpMonitor(server, owner, [prober.id], { period: 300, alias: `healthy ${zone}` });
  const created = iso(midnight - 3 * DAY_MS);
  await server.context.db.execute(
    sql`UPDATE monitors SET created_at = ${created} WHERE id IN (${failing.id}, ${healthy.id})`,
  );
  const at = (minutes: number) => midnight + minutes * MINUTE_MS;
  const results = [
    checkResult(failing.id, at(-20), true),
    checkResult(failing.id, at(-10), true),
    checkResult(failing.id, at(5), false),
    checkResult(failing.id, at(10), false),
    checkResult(healthy.id, at(-10), true, { response: 90, duration: 100 }),
    checkResult(healthy.id, at(10), true, { response: 650, duration: 700 }),
  ];
  for (const result of results) expect((await postResults(server, prober.key, [result])).json().accepted).toBe(1);
  const response = await callAs(server, owner, 'POST', '/api/v1/status_pages/', {
    slug: uniqueSlug('edge'),
    title: 'Edge',
    time_zone: zone,
    show_response_times: true,
    sections: [
      {
        title: 'Web',
        monitors: [
          { monitor: failing.id, public_name: 'Failing' },
          { monitor: healthy.id, public_name: 'Healthy' },
        ],
      },
    ],
  });
  expect(response.statusCode, response.body).toBe(201);
  return { zone, midnight, failing, healthy, page: (response.json() as { slug: string }).slug };
}

const get = (url: string, user: BuiltUser | null = owner) =>
  server.app.inject({ method: 'GET', url, headers: user ? user.headers : {} });
const zoneParam = (zone: string) => `time_zone=${encodeURIComponent(zone)}`;
const metricOf = async (id: number, zone: string, day?: number) =>
  (
    await get(
      `/api/v1/monitors/${id}/metric?cache=False&${zoneParam(zone)}${day === undefined ? '' : `&day=${formatDayParam(day)}`}`,
    )
  ).json();
const trendsOf = async (id: number, zone: string) =>
  (await get(`/api/v1/monitors/${id}/metric/trends?${zoneParam(zone)}`)).json();
const checksOf = (metric: { by_response_time: { buckets: number[]; error: number } }) =>
  metric.by_response_time.buckets.reduce((sum, count) => sum + count, 0) + metric.by_response_time.error;

describe.each(['Asia/Tehran', 'Asia/Kathmandu', 'America/St_Johns'])('at 00:20 in %s', (zone) => {
  let edge: Edge;
  beforeAll(async () => {
    edge = await edgeIn(zone);
  });
  const today = () => localDateOf(edge.midnight, zone);

  it("counts the checks of 00:05 and 00:10 in today's uptime, downtimes, failed checks and apdex", async () => {
    const metric = await metricOf(edge.failing.id, zone);
    expect(metric.is_down).toBe(true);
    expect(metric.downtimes).toEqual([expect.objectContaining({ from_time: iso(edge.midnight + 5 * MINUTE_MS) })]);
    expect(metric.uptime_percent).toBeGreaterThan(0);
    expect(metric.uptime_percent).toBeLessThan(100);
    expect(metric.by_response_time.error).toBe(2);
    expect(checksOf(metric)).toBe(2);
    expect(metric.apdex_percent).toBe(0);
    expect(metric.monthly_metrics[formatDayKey(today())]).toMatchObject({ apdex_percent: 0 });
    expect(metric.monthly_metrics[formatDayKey(today() - DAY_MS)]).toMatchObject({ apdex_percent: 100 });
  });

  it("gives apdex by the reader's hours: 00:00–01:00 holds today's checks, 23:00–00:00 yesterday's", async () => {
    const hourly = (await metricOf(edge.failing.id, zone)).last_day_hourly_metrics;
    // The 24 local hours up to the last check's: the last one begins at midnight.
    expect(hourly.from_time).toBe(iso(edge.midnight - 23 * 3_600_000));
    expect(hourly.apdex_percents.at(-1)).toBe(0);
    expect(hourly.apdex_percents.at(-2)).toBe(100);
  });

  it("puts today's 700 ms check in today's histogram, p50/p95 and the first hour of the day chart", async () => {
    const metric = await metricOf(edge.healthy.id, zone);
    expect(metric.by_response_time.buckets).toEqual([0, 0, 0, 1, 0, 0, 0, 0]);
    expect(metric.by_response_time.average_response_time).toBe(700);
    expect(metric.apdex_percent).toBe(50);
    const trends = await trendsOf(edge.healthy.id, zone);
    const day = trends.response_time.day;
    expect(day.from).toBe(iso(edge.midnight));
    expect(day.hours).toBe(1);
    expect(day.probers).toHaveLength(1);
    expect(day.probers[0].p50[0]).toBeGreaterThan(500);
    expect(day.probers[0].p50[0]).toBeLessThanOrEqual(1000);
  });

  it('keeps those checks out of yesterday, which ends at midnight', async () => {
    const yesterday = await metricOf(edge.healthy.id, zone, today() - DAY_MS);
    expect(yesterday.by_response_time.buckets).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect((await metricOf(edge.failing.id, zone, today() - DAY_MS)).by_response_time.error).toBe(0);
  });

  it("draws today's bar on the status page in the page's zone", async () => {
    const body = (await get(`/api/v1/public/status_pages/${edge.page}`, null)).json();
    const [failing, healthy] = body.sections[0].monitors;
    const date = formatDayKey(today());
    expect(healthy.days.at(-1)).toMatchObject({ date, average_response_time: 700 });
    expect(healthy.days.at(-2)).toMatchObject({ average_response_time: 100 });
    expect(failing.days.at(-1).date).toBe(date);
    expect(failing.days.at(-1).downtime_seconds).toBeGreaterThan(0);
    expect(failing.days.at(-2).downtime_seconds).toBe(0);
  });

  it('counts them in the badges and the Prometheus 24 hours', async () => {
    const messageOf = async (url: string) => /<title>([^<]*)<\/title>/.exec((await get(url, null)).body)?.[1];
    expect(await messageOf(`/api/v1/badges/${edge.healthy.token}/response-time.svg?period=24h`)).toBe(
      'response time 24h: 400 ms',
    );
    expect(await messageOf(`/api/v1/badges/${edge.failing.token}/status.svg`)).toBe('status: down');
    const { token } = await createToken(server, owner, { scope: 'read' });
    const scrape = parseScrape(
      (await server.app.inject({ method: 'GET', url: '/api/v1/metrics/prometheus', headers: bearer(token) })).body,
    );
    const at = (id: number) => ({ monitor_id: String(id), prober: 'Z-edges' });
    expect(scrape.value('paydar_monitor_checks_24h', at(edge.failing.id))).toBe(4);
    expect(scrape.value('paydar_monitor_failed_checks_24h', at(edge.failing.id))).toBe(2);
    expect(scrape.value('paydar_monitor_checks_24h', at(edge.healthy.id))).toBe(2);
    expect(scrape.value('paydar_monitor_uptime_24h_ratio', { monitor_id: String(edge.failing.id) })).toBeLessThan(1);
  });

  it("refuses another user's monitor on the same day", async () => {
    expect((await get(`/api/v1/monitors/${edge.failing.id}/metric?${zoneParam(zone)}`, stranger)).statusCode).toBe(404);
    expect(
      (await get(`/api/v1/monitors/${edge.failing.id}/metric/trends?${zoneParam(zone)}`, stranger)).statusCode,
    ).toBe(404);
  });
});
