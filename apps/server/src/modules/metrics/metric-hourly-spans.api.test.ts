import { HOUR_MS, utcDayStart } from '@paydar/domain/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResult, postResults } from '../../../test/check-results';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addResultsProber, createHttpMonitor } from '../../../test/results-prober';

/**
 * The hourly apdex chart shows the 24 hours up to the last check, which reach into yesterday: the
 * maintenance and pauses it shades are those of its own hours, not only today's. The clock reads
 * 10:00 UTC; a maintenance span ran 15:00–16:00 UTC yesterday.
 */
let server: TestServer;
let owner: BuiltUser;
let monitorId = 0;
const today = utcDayStart(Date.now());
const now = today + 10 * HOUR_MS;
const spanFrom = today - 9 * HOUR_MS;

beforeAll(async () => {
  server = await startTestServer();
  server.clock.offsetMs = now - Date.now();
  owner = await buildUser(server);
  await setPlan(server, owner.id, 'Gold');
  const { id: proberId, key: proberKey } = await addResultsProber(server, 'Z-hourly-spans');
  ({ id: monitorId } = await createHttpMonitor(server, owner, [proberId], { period: 60 }));
  await server.context.db.execute(sql`
    INSERT INTO maintenance_spans (monitor_id, starts_at, ends_at)
    VALUES (${monitorId}, ${new Date(spanFrom).toISOString()}, ${new Date(spanFrom + HOUR_MS).toISOString()})`);
  const posted = await postResults(server, proberKey, [checkResult(monitorId, now - 60_000, true)]);
  expect(posted.json().accepted).toBe(1);
});
afterAll(() => server.close());

describe("the hourly chart's spans", () => {
  it("are those of its 24 hours: yesterday's maintenance, which today's rows leave out", async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/v1/monitors/${monitorId}/metric?cache=False`,
      headers: owner.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const metric = response.json();
    expect(metric.maintenance).toEqual([]);
    expect(metric.last_day_hourly_metrics.from_time).toBe(new Date(today - 14 * HOUR_MS).toISOString());
    expect(metric.last_day_hourly_metrics.maintenance).toEqual([
      {
        from_time: new Date(spanFrom).toISOString(),
        to_time: new Date(spanFrom + HOUR_MS).toISOString(),
        duration: 3600,
      },
    ]);
    expect(metric.last_day_hourly_metrics.paused).toEqual([]);
  });
});
