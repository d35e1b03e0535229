import { formatDayKey, formatDayParam } from '@paydar/domain/history';
import { DAY_MS, HOUR_MS, MINUTE_MS, utcDayStart } from '@paydar/domain/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResult, postResults } from '../../../test/check-results';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addResultsProber, createHttpMonitor } from '../../../test/results-prober';

/**
 * A chosen day is the reader's day (issue 15: one time rule everywhere): `?day=` with `time_zone`
 * names a date of that zone's calendar — its downtimes, hours, heat-map key and the plan's history
 * are counted there. The clock is set to 22:00 UTC, when Tehran (UTC+3:30) is already on tomorrow.
 */
let server: TestServer;
let owner: BuiltUser;
let stranger: BuiltUser;
let proberKey = '';
let monitorId = 0;

/** Today's UTC date, named by its 00:00 UTC; the test's clock reads 22:00 of it. */
const today = utcDayStart(Date.now());
const date = (daysFromToday: number) => today + daysFromToday * DAY_MS;
/** Two UTC days back: the outage runs 21:00–21:10 UTC, which is 00:30–00:40 of the next day in Tehran. */
const outageDay = date(-2);
const outageFrom = outageDay + 21 * HOUR_MS;

beforeAll(async () => {
  server = await startTestServer();
  server.clock.offsetMs = today + 22 * HOUR_MS - Date.now();
  [owner, stranger] = await Promise.all([buildUser(server), buildUser(server)]);
  await setPlan(server, owner.id, 'Silver');
  const prober = await addResultsProber(server, 'Z-past-zone');
  proberKey = prober.key;
  ({ id: monitorId } = await createHttpMonitor(server, owner, [prober.id], { period: 300 }));
  // Created at 21:00 UTC 40 days ago: already the next date in Tehran.
  const createdAt = new Date(date(-40) + 21 * HOUR_MS).toISOString();
  await server.context.db.execute(sql`UPDATE monitors SET created_at = ${createdAt} WHERE id = ${monitorId}`);
  for (const [time, success] of [
    [outageDay + 19 * HOUR_MS, true],
    [outageFrom, false],
    [outageFrom + 15_000, false],
    [outageFrom + 10 * MINUTE_MS, true],
    [outageDay + DAY_MS + 10 * HOUR_MS, true],
  ] as const) {
    const posted = await postResults(server, proberKey, [checkResult(monitorId, time, success)]);
    expect(posted.json().accepted).toBe(1);
  }
});
afterAll(() => server.close());

function metricOf(day: number, zone: string | null, user: BuiltUser = owner) {
  const zoneParam = zone === null ? '' : `&time_zone=${encodeURIComponent(zone)}`;
  return server.app.inject({
    method: 'GET',
    url: `/api/v1/monitors/${monitorId}/metric?day=${formatDayParam(day)}${zoneParam}`,
    headers: user.headers,
  });
}

describe("GET metric?day= with time_zone: the reader's date", () => {
  it("holds the downtimes of that date's own hours", async () => {
    const tehranNextDay = (await metricOf(outageDay + DAY_MS, 'Asia/Tehran')).json();
    expect(tehranNextDay.downtimes).toEqual([
      expect.objectContaining({ from_time: new Date(outageFrom).toISOString(), duration: 600 }),
    ]);
    expect((await metricOf(outageDay, 'Asia/Tehran')).json().downtimes).toEqual([]);
    // Without a zone the days stay UTC days: the outage is on its UTC date.
    expect((await metricOf(outageDay, null)).json().downtimes).toHaveLength(1);
    expect((await metricOf(outageDay + DAY_MS, null)).json().downtimes).toEqual([]);
  });

  it("gives its 24 hours as the reader's local hours from its own midnight, and says where they begin", async () => {
    const hourly = (await metricOf(outageDay + DAY_MS, 'Asia/Tehran')).json().last_day_hourly_metrics;
    // Tehran's midnight is 20:30 UTC the day before: the first hour is 00:00–01:00 local (issue 26).
    expect(hourly.from_time).toBe(new Date(outageDay + 20 * HOUR_MS + 30 * MINUTE_MS).toISOString());
    expect(hourly.apdex_percents).toHaveLength(24);
    // 21:00 UTC, the outage, is 00:30 local: in the first hour; 10:00 UTC the next day is 13:30, the 14th.
    expect(hourly.apdex_percents[0]).not.toBeNull();
    expect(hourly.apdex_percents[0]).toBeLessThan(100);
    expect(hourly.apdex_percents[1]).toBeNull();
    expect(hourly.apdex_percents[13]).toBe(100);
    const utc = (await metricOf(outageDay, null)).json().last_day_hourly_metrics;
    expect(utc.from_time).toBe(new Date(outageDay).toISOString());
    expect(utc.apdex_percents[19]).toBe(100);
  });

  it('keys the heat map by the dates of the reader', async () => {
    const tehran = (await metricOf(outageDay + DAY_MS, 'Asia/Tehran')).json().monthly_metrics;
    expect(tehran[formatDayKey(outageDay + DAY_MS)]).toMatchObject({ downtime_minutes: 10 });
    // 19:00 UTC is 22:30 in Tehran: that check is on the outage's UTC date there too, with no downtime.
    expect(tehran[formatDayKey(outageDay)]).toEqual({ downtime_minutes: 0, apdex_percent: 100 });
    const utc = (await metricOf(outageDay, null)).json().monthly_metrics;
    expect(utc[formatDayKey(outageDay)]).toMatchObject({ downtime_minutes: 10 });
    expect(utc[formatDayKey(outageDay + DAY_MS)]).toEqual({ downtime_minutes: 0, apdex_percent: 100 });
  });

  it("counts today, the plan's history and the creation day in the reader's dates", async () => {
    // 22:00 UTC: tomorrow has come in Tehran, not in UTC.
    expect((await metricOf(date(1), 'Asia/Tehran')).statusCode).toBe(200);
    const future = await metricOf(date(1), null);
    expect(future.statusCode).toBe(400);
    expect(future.json()).toHaveProperty('day');
    // Silver sees 30 days back: from tomorrow in Tehran that is one date fewer of today's UTC ones.
    expect((await metricOf(date(-30), null)).statusCode).toBe(200);
    const beyond = await metricOf(date(-30), 'Asia/Tehran');
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json()).toEqual(expect.objectContaining({ day: ["You can't see the history for this day."] }));
    // Created at 21:00 UTC on date(-40), the next date in Tehran: there, date(-40) is before it.
    const early = await metricOf(date(-40), 'Asia/Tehran');
    expect(early.statusCode).toBe(400);
    expect(early.json().day).toEqual([`The monitor has no data before ${formatDayKey(date(-39))}.`]);
    expect((await metricOf(date(-40), null)).statusCode).toBe(403);
  });

  it("answers 404 for another user's monitor, on any day and zone", async () => {
    expect((await metricOf(outageDay, 'Asia/Tehran', stranger)).statusCode).toBe(404);
  });

  it('gives the trends of that local day', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/v1/monitors/${monitorId}/metric/trends?day=${formatDayParam(outageDay + DAY_MS)}&time_zone=Asia%2FTehran`,
      headers: owner.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});
