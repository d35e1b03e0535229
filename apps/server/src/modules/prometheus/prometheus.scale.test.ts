import { utcQuarterStart } from '@paydar/domain/time';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { parseScrape } from '../../../test/prometheus-scrape';
import { addResultsProber } from '../../../test/results-prober';
import { useTestServer } from '../../../test/use-test-server';
import { bearer, createToken } from '../api-tokens/api-tokens.test-support';
import { PROMETHEUS_PATH } from './prometheus.routes';

const server = useTestServer();
const MONITORS = 1000;

it('scrapes 1,000 monitors with a day of rollups from two probers, from the read models', async () => {
  const owner = await buildUser(server);
  const probers = [await addResultsProber(server, 'Scale-A'), await addResultsProber(server, 'Scale-B')];
  const db = server.context.db;
  // Written straight to the tables: the figures a day of ingest would leave, without a day of ingest.
  await db.execute(sql`
    INSERT INTO monitors (user_id, protocol_type, url, alias, period_seconds, apdex_ms, token)
    SELECT ${owner.id}, 'HTTP', 'https://site-' || n || '.example.test/', 'site ' || n, 60, 500, md5(random()::text || n)
    FROM generate_series(1, ${MONITORS}) AS n`);
  // 24 rows an hour apart, ending at the current quarter: all inside the rolling 24 h whatever the
  // minute the test runs at (rows on whole hours counted a 25th hour in a scrape's first 15 minutes).
  const quarter = utcQuarterStart(Date.now());
  await db.execute(sql`
    INSERT INTO monitor_states (monitor_id, is_down, first_check_at, last_check_at)
    SELECT id, id % 10 = 0, now() - interval '2 days', now() FROM monitors WHERE user_id = ${owner.id}`);
  await db.execute(sql`
    INSERT INTO downtimes (monitor_id, from_time, to_time)
    SELECT id, now() - interval '3 hours', now() - interval '2 hours' FROM monitors WHERE user_id = ${owner.id} AND id % 10 = 1`);
  await db.execute(sql`
    INSERT INTO quarter_rollups (monitor_id, prober_id, quarter, checks, failures, duration_sum, response_sum, response_count)
    SELECT m.id, p, ${new Date(quarter).toISOString()}::timestamptz - h * interval '1 hour', 60, 1, 59 * 120, 59 * 80, 59
    FROM monitors m, unnest(${sql.param(probers.map((prober) => prober.id))}::int[]) AS p, generate_series(0, 23) AS h
    WHERE m.user_id = ${owner.id}`);
  const { token } = await createToken(server, owner, { scope: 'read' });

  await server.app.inject({ method: 'GET', url: PROMETHEUS_PATH, headers: bearer(token) });
  const response = await server.app.inject({ method: 'GET', url: PROMETHEUS_PATH, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  // Its time (0.5–1.4 s measured on a shared 2-core machine) is not asserted: a 3 s bound is a timed
  // assertion a busy machine breaks (issue 26).

  const parsed = parseScrape(response.body);
  expect(parsed.samples('paydar_monitor_up')).toHaveLength(MONITORS);
  expect(parsed.samples('paydar_monitor_up').filter((sample) => sample.value === '0')).toHaveLength(MONITORS / 10);
  expect(parsed.samples('paydar_monitor_checks_24h', { prober: 'Scale-B' })).toHaveLength(MONITORS);
  const one = parsed.samples('paydar_monitor_checks_24h', { name: 'HTTP:site 1', prober: 'Scale-A' });
  expect(one.map((sample) => sample.value)).toEqual([String(60 * 24)]);
  const downOne = parsed.samples('paydar_monitor_uptime_24h_ratio').filter((sample) => Number(sample.value) < 1);
  expect(downOne).toHaveLength(MONITORS / 10);
  expect(Number(downOne[0]?.value)).toBeCloseTo(23 / 24, 3);
  expect(
    parsed.value('paydar_monitor_response_time_seconds', { name: 'HTTP:site 1', prober: 'Scale-A', phase: 'response' }),
  ).toBeCloseTo(0.08, 6);
});
