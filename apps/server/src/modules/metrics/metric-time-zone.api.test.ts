import { HOUR_MS, MINUTE_MS } from '@paydar/domain/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResult, postResults } from '../../../test/check-results';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addResultsProber, createHttpMonitor } from '../../../test/results-prober';

/**
 * Today in the reader's zone (issue 15): `time_zone` makes today's figures span the reader's local
 * day, so the list's uptime strip can draw the user's day rather than the UTC day.
 */
let server: TestServer;
let owner: BuiltUser;
let stranger: BuiltUser;
let proberKey = '';
let monitorId = 0;
/** The scripted outage: 10 minutes, from 3 hours ago. */
const outageFrom = Date.now() - 3 * HOUR_MS;

function post(time: number, success: boolean) {
  return postResults(server, proberKey, [checkResult(monitorId, time, success)]);
}

beforeAll(async () => {
  server = await startTestServer();
  [owner, stranger] = await Promise.all([buildUser(server), buildUser(server)]);
  await setPlan(server, owner.id, 'Gold');
  const prober = await addResultsProber(server, 'Z-zone');
  proberKey = prober.key;
  ({ id: monitorId } = await createHttpMonitor(server, owner, [prober.id]));
  await server.context.db.execute(
    sql`UPDATE monitors SET created_at = now() - interval '2 days' WHERE id = ${monitorId}`,
  );
  // Up, then two failures in a row (one prober: down), then up again 10 minutes later, for good.
  for (const [offset, success] of [
    [-10 * MINUTE_MS, true],
    [0, false],
    [15_000, false],
    [10 * MINUTE_MS, true],
    [10 * MINUTE_MS + 15_000, true],
    [10 * MINUTE_MS + 30_000, true],
  ] as const) {
    expect((await post(outageFrom + offset, success)).json().accepted).toBe(1);
  }
});
afterAll(() => server.close());

/** A fixed-offset zone in which it is now `localHour` o'clock (Etc/GMT signs are inverted). */
function zoneWhereItIs(localHour: number): string {
  const offset = ((((localHour - new Date().getUTCHours() + 12) % 24) + 24) % 24) - 12;
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

const metricIn = (zone: string, user: BuiltUser = owner) =>
  server.app.inject({
    method: 'GET',
    url: `/api/v1/monitors/${monitorId}/metric?cache=False&time_zone=${encodeURIComponent(zone)}`,
    headers: user.headers,
  });

describe("GET metric with time_zone: today is the reader's day", () => {
  it('holds the outage of 3 hours ago where the local day began before it', async () => {
    // 12-something local: the day began at least 12 hours ago.
    const response = await metricIn(zoneWhereItIs(12));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().downtimes).toEqual([
      expect.objectContaining({ from_time: new Date(outageFrom).toISOString(), ended_by: 'recovery' }),
    ]);
    expect(response.json().uptime_percent).toBeLessThan(100);
  });

  it('leaves it out where the local day began after it', async () => {
    // 1-something local: the day began under 2 hours ago, after the outage ended.
    const response = await metricIn(zoneWhereItIs(1));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().downtimes).toEqual([]);
    expect(response.json().uptime_percent).toBe(100);
  });

  it('refuses what is not a time zone, naming time_zone', async () => {
    for (const bad of ['Mars/Olympus_Mons', '+03:30', 'Asia/Tehran%00', '%3Cb%3E']) {
      const response = await server.app.inject({
        method: 'GET',
        url: `/api/v1/monitors/${monitorId}/metric?time_zone=${bad}`,
        headers: owner.headers,
      });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json(), bad).toHaveProperty('time_zone');
    }
  });

  it("answers 404 for another user's monitor, whatever the zone", async () => {
    expect((await metricIn('Asia/Tehran', stranger)).statusCode).toBe(404);
  });
});

describe("a shared link's today is the visitor's day (they have no profile: the browser's zone)", () => {
  const shared = async (path: string) => {
    const token = (
      await server.app.inject({ method: 'GET', url: `/api/v1/monitors/${monitorId}/`, headers: owner.headers })
    ).json().token as string;
    return server.app.inject({ method: 'GET', url: path.replace('{token}', token) });
  };

  it.each([
    ['share_info', '/api/v1/monitors/{token}/share_info?time_zone='],
    ['the shared metric', '/api/v1/monitors/symlink/{token}/metric?time_zone='],
  ])('%s cuts today in the zone given', async (_name, path) => {
    const before = await shared(`${path}${encodeURIComponent(zoneWhereItIs(12))}`);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().metric.downtimes).toHaveLength(1);
    const after = await shared(`${path}${encodeURIComponent(zoneWhereItIs(1))}`);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().metric.downtimes).toEqual([]);
    expect(after.json().metric.uptime_percent).toBe(100);
  });

  it('refuses a bad zone on share_info, naming time_zone', async () => {
    const response = await shared('/api/v1/monitors/{token}/share_info?time_zone=Mars%2FOlympus');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('time_zone');
  });
});
