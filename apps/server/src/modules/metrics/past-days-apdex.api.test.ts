import { formatDayKey } from '@paydar/domain/history';
import { localDateOf } from '@paydar/domain/local-day';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@paydar/domain/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResult, postResults } from '../../../test/check-results';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addResultsProber, createHttpMonitor } from '../../../test/results-prober';

/**
 * The heat map's days before the reader's yesterday are kept between checks (past-days-apdex.ts,
 * migration 0040); these prove the kept days are never stale: a late result for yesterday, or for
 * a day before it, shows in the very next answer, and each zone's reader gets days of its own.
 * The real clock: "late" is judged by the database's.
 */
let server: TestServer;
let owner: BuiltUser;
let prober: { id: number; key: string };

beforeAll(async () => {
  server = await startTestServer();
  owner = await buildUser(server);
  await setPlan(server, owner.id, 'Gold');
  prober = await addResultsProber(server, 'Z-past-days');
});
afterAll(() => server.close());

const FAST = { response: 90, duration: 100 };
// Between apdex T (500 ms) and 4 T: tolerating, half a point.
const SLOW = { response: 900, duration: 1_000 };

async function newMonitor() {
  const { id } = await createHttpMonitor(server, owner, [prober.id], { period: 300 });
  await server.context.db.execute(
    sql`UPDATE monitors SET created_at = ${new Date(Date.now() - 10 * DAY_MS).toISOString()} WHERE id = ${id}`,
  );
  return id;
}

async function send(monitorId: number, time: number, timing = FAST) {
  expect((await postResults(server, prober.key, [checkResult(monitorId, time, true, timing)])).json().accepted).toBe(1);
}

/** The heat map's apdex per day key, in `zone` (UTC days without one). */
async function heatMap(monitorId: number, zone?: string) {
  const query = zone ? `?time_zone=${encodeURIComponent(zone)}` : '';
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/v1/monitors/${monitorId}/metric${query}`,
    headers: owner.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const days = response.json().monthly_metrics as Record<string, { apdex_percent: number | null }>;
  return Object.fromEntries(Object.entries(days).map(([day, figures]) => [day, figures.apdex_percent]));
}

const lateCount = async (monitorId: number) =>
  Number(
    (
      await server.context.db.execute<{ version: string }>(
        sql`SELECT version FROM rollup_history_versions WHERE monitor_id = ${monitorId}`,
      )
    ).rows[0]?.version ?? 0,
  );

const utcDay = (time: number) => formatDayKey(localDateOf(time, 'UTC'));

describe('the days before yesterday, kept between checks', () => {
  it('a late result three days back changes that day in the next answer', async () => {
    const monitorId = await newMonitor();
    const threeDaysBack = Date.now() - 3 * DAY_MS;
    await send(monitorId, threeDaysBack);
    await send(monitorId, Date.now() - MINUTE_MS);
    expect((await heatMap(monitorId))[utcDay(threeDaysBack)]).toBe(100);
    const counted = await lateCount(monitorId);

    await send(monitorId, threeDaysBack + 5 * MINUTE_MS, SLOW);
    expect(await lateCount(monitorId)).toBeGreaterThan(counted);
    expect((await heatMap(monitorId))[utcDay(threeDaysBack)]).toBe(75);
  });

  it('a late result for yesterday changes yesterday at once', async () => {
    const monitorId = await newMonitor();
    const yesterday = Date.now() - DAY_MS;
    await send(monitorId, yesterday);
    await send(monitorId, Date.now() - MINUTE_MS);
    expect((await heatMap(monitorId))[utcDay(yesterday)]).toBe(100);

    await send(monitorId, yesterday + MINUTE_MS, SLOW);
    expect((await heatMap(monitorId))[utcDay(yesterday)]).toBe(75);
  });

  it("an ordinary check moves no kept day's counter, and still counts today", async () => {
    const monitorId = await newMonitor();
    await send(monitorId, Date.now() - 4 * DAY_MS);
    await send(monitorId, Date.now() - 2 * MINUTE_MS);
    const today = utcDay(Date.now());
    expect((await heatMap(monitorId))[today]).toBe(100);
    const counted = await lateCount(monitorId);

    await send(monitorId, Date.now() - MINUTE_MS, SLOW);
    expect(await lateCount(monitorId)).toBe(counted);
    expect((await heatMap(monitorId))[today]).toBe(75);
  });

  it("gives another zone's reader its own days, before and after a late result", async () => {
    const monitorId = await newMonitor();
    // 22:00 UTC four days back is 01:30 of the next date in Tehran (+03:30).
    const utcDate = localDateOf(Date.now(), 'UTC') - 4 * DAY_MS;
    const late = utcDate + 22 * HOUR_MS;
    await send(monitorId, late);
    await send(monitorId, Date.now() - MINUTE_MS);
    const utcKey = formatDayKey(utcDate);
    const tehranKey = formatDayKey(utcDate + DAY_MS);
    const utc = await heatMap(monitorId);
    const tehran = await heatMap(monitorId, 'Asia/Tehran');
    expect([utc[utcKey], utc[tehranKey] ?? null]).toEqual([100, null]);
    expect([tehran[utcKey] ?? null, tehran[tehranKey]]).toEqual([null, 100]);

    await send(monitorId, late + 10 * MINUTE_MS, SLOW);
    expect((await heatMap(monitorId, 'Asia/Tehran'))[tehranKey]).toBe(75);
    expect((await heatMap(monitorId))[utcKey]).toBe(75);
  });
});
