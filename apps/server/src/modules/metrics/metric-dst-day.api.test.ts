import { formatDayParam } from '@paydar/domain/history';
import { HOUR_MS } from '@paydar/domain/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResult, postResults } from '../../../test/check-results';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addResultsProber, createHttpMonitor } from '../../../test/results-prober';

/**
 * A day on which the clocks change (issue 26): New York's 1 November 2026 has 25 hours (01:00–02:00
 * twice), Berlin's 29 March 2026 has 23 (02:00–03:00 skipped). The day's figures take exactly its
 * own checks — none of the evening before or the morning after — and its p50/p95 chart has one
 * point per local hour. The clock is set the day after, noon local.
 */
let server: TestServer;
let owner: BuiltUser;
let stranger: BuiltUser;
let prober: { id: number; key: string };

beforeAll(async () => {
  server = await startTestServer();
  [owner, stranger] = await Promise.all([buildUser(server), buildUser(server)]);
  await setPlan(server, owner.id, 'Gold');
  prober = await addResultsProber(server, 'Z-dst');
});
afterAll(() => server.close());

const at = (iso: string) => Date.parse(iso);

interface DstCase {
  zone: string;
  day: string;
  now: string;
  /** [start, end) of the local day, UTC. */
  span: [string, string];
  hours: number;
  /** Checks inside the day, and one just before and just after it. */
  inside: string[];
  outside: string[];
}

const CASES: DstCase[] = [
  {
    zone: 'America/New_York',
    day: '2026-11-01',
    now: '2026-11-02T17:00:00Z',
    span: ['2026-11-01T04:00:00Z', '2026-11-02T05:00:00Z'],
    hours: 25,
    // 00:10 EDT, 01:30 EDT, 01:30 EST (the hour again), 23:50 EST.
    inside: ['2026-11-01T04:10:00Z', '2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z', '2026-11-02T04:50:00Z'],
    // 23:50 EDT the day before, 00:10 EST the day after.
    outside: ['2026-11-01T03:50:00Z', '2026-11-02T05:10:00Z'],
  },
  {
    zone: 'Europe/Berlin',
    day: '2026-03-29',
    now: '2026-03-30T10:00:00Z',
    span: ['2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z'],
    hours: 23,
    // 00:10 CET, 01:50 CET, 03:10 CEST (02:00–03:00 never happened), 23:50 CEST.
    inside: ['2026-03-28T23:10:00Z', '2026-03-29T00:50:00Z', '2026-03-29T01:10:00Z', '2026-03-29T21:50:00Z'],
    outside: ['2026-03-28T22:50:00Z', '2026-03-29T22:10:00Z'],
  },
];

describe.each(CASES)('$day in $zone, a $hours-hour day', (dst) => {
  let monitorId = 0;
  const query = `day=${formatDayParam(at(`${dst.day}T00:00:00Z`))}&time_zone=${encodeURIComponent(dst.zone)}`;
  const get = (path: string, user: BuiltUser = owner) =>
    server.app.inject({ method: 'GET', url: `/api/v1/monitors/${monitorId}/${path}?${query}`, headers: user.headers });

  beforeAll(async () => {
    server.clock.offsetMs = at(dst.now) - Date.now();
    ({ id: monitorId } = await createHttpMonitor(server, owner, [prober.id], { period: 300 }));
    await server.context.db.execute(
      sql`UPDATE monitors SET created_at = ${new Date(at(dst.span[0]) - 48 * HOUR_MS).toISOString()} WHERE id = ${monitorId}`,
    );
    // Inside the day 700 ms (bucket 3), outside it 100 ms (bucket 0): each figure tells them apart.
    const results = [
      ...dst.inside.map((time) => checkResult(monitorId, at(time), true, { response: 650, duration: 700 })),
      ...dst.outside.map((time) => checkResult(monitorId, at(time), true, { response: 90, duration: 100 })),
    ].sort((a, b) => a.time.localeCompare(b.time));
    for (const result of results) expect((await postResults(server, prober.key, [result])).json().accepted).toBe(1);
  });

  it("counts the day's own checks, and only them", async () => {
    const response = await get('metric');
    expect(response.statusCode, response.body).toBe(200);
    const metric = response.json();
    expect(metric.by_response_time.buckets).toEqual([0, 0, 0, dst.inside.length, 0, 0, 0, 0]);
    expect(metric.by_response_time.error).toBe(0);
    expect(metric.apdex_percent).toBe(50);
    expect(metric.last_day_hourly_metrics.from_time).toBe(new Date(at(dst.span[0])).toISOString());
  });

  it('gives apdex for each of its own hours, none of the next day', async () => {
    const metric = (await get('metric')).json();
    const apdex = metric.last_day_hourly_metrics.apdex_percents as Array<number | null>;
    expect(apdex).toHaveLength(dst.hours);
    // Each inside check is 700 ms against an apdex of 500 ms: tolerating, 50 % in its hour.
    const indexes = new Set(dst.inside.map((time) => Math.floor((at(time) - at(dst.span[0])) / HOUR_MS)));
    expect(apdex.map((value, index) => (indexes.has(index) ? value : null))).toEqual(apdex);
    for (const index of indexes) expect(apdex[index]).toBe(50);
  });

  it('draws p50/p95 at each of its local hours, from its midnight to the next', async () => {
    const response = await get('metric/trends');
    expect(response.statusCode, response.body).toBe(200);
    const day = response.json().response_time.day;
    expect(day.from).toBe(new Date(at(dst.span[0])).toISOString());
    expect(day.hours).toBe(dst.hours);
    const p50 = day.probers[0].p50 as Array<number | null>;
    expect(p50).toHaveLength(dst.hours);
    // Every inside check has its hour (offset from midnight by elapsed hours), each in 500–1000 ms.
    const indexes = dst.inside.map((time) => Math.floor((at(time) - at(dst.span[0])) / HOUR_MS));
    expect(indexes.at(-1)).toBe(dst.hours - 1);
    for (const index of indexes) expect(p50[index]).toBeGreaterThan(500);
    expect(p50.filter((value) => value !== null)).toHaveLength(new Set(indexes).size);
  });

  it("refuses another user's monitor", async () => {
    expect((await get('metric', stranger)).statusCode).toBe(404);
  });
});
