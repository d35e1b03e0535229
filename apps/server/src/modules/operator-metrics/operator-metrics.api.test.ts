import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResult, postResults } from '../../../test/check-results';
import { buildUser, callAs, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { parseScrape } from '../../../test/prometheus-scrape';
import { addResultsProber, createHttpMonitor } from '../../../test/results-prober';
import { CACHE_CATALOGUE, CACHE_NAMES } from '../../caches/cache-catalogue';
import { bearer, createToken } from '../api-tokens/api-tokens.test-support';
import { OPERATOR_METRICS_PATH } from './operator-metrics.routes';

const METRICS_TOKEN = 'operators-only-0123456789';

const scrape = (server: TestServer, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: OPERATOR_METRICS_PATH, headers });

describe('GET /metrics with METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN, CACHE_LIMITS: 'sessions=1234,monitor-lists=4000000' });
  });
  afterAll(() => server.close());

  it('refuses no credential, a wrong token, a user’s API token and session with 401', async () => {
    const user = await buildUser(server, { staff: true });
    const { token } = await createToken(server, user);
    const refusals = [{}, bearer(`${METRICS_TOKEN}x`), bearer(METRICS_TOKEN.slice(1)), bearer(token), user.headers];
    for (const headers of refusals) {
      const response = await scrape(server, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.body).not.toContain('paydar_');
    }
  });

  it('exposes ingest, queue depth, prober lag, request latency by route pattern and process metrics', async () => {
    const user = await buildUser(server);
    await setPlan(server, user.id, 'Gold');
    const prober = await addResultsProber(server, 'Ops-Tehran');
    const monitor = await createHttpMonitor(server, user, [prober.id]);
    const before = parseScrape((await scrape(server, bearer(METRICS_TOKEN))).body);
    const ingestedBefore = before.value('paydar_results_ingested_total');

    const now = Date.now();
    const results = [checkResult(monitor.id, now - 30_000, true), checkResult(monitor.id, now - 15_000, true)];
    const first = await postResults(server, prober.key, results);
    expect(first.statusCode, first.body).toBe(200);
    // The same batch again is stored once, and counted once.
    expect((await postResults(server, prober.key, results)).statusCode).toBe(200);
    await server.context.jobs.send('operator-metrics-test-queue', { waiting: true });
    expect((await callAs(server, user, 'GET', `/api/v1/monitors/${monitor.id}/`)).statusCode).toBe(200);
    expect((await callAs(server, user, 'GET', '/api/v1/monitors/987654321/')).statusCode).toBe(404);

    const response = await scrape(server, bearer(METRICS_TOKEN));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const parsed = parseScrape(response.body);
    expect(parsed.value('paydar_results_ingested_total') - ingestedBefore).toBe(2);
    expect(parsed.value('paydar_job_queue_waiting', { queue: 'operator-metrics-test-queue' })).toBe(1);
    // Every queue is listed, the empty ones at 0, so a series does not vanish when its queue drains.
    const queues = await server.context.db.execute<{ name: string }>(sql`SELECT name FROM pgboss.queue`);
    expect(parsed.samples('paydar_job_queue_waiting')).toHaveLength(queues.rows.length);
    expect(parsed.samples('paydar_job_queue_active').every((sample) => Number(sample.value) >= 0)).toBe(true);
    const lag = parsed.value('paydar_prober_last_seen_age_seconds', { prober: 'Ops-Tehran' });
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(60);

    // parse-prometheus-text-format folds a labelled histogram into one entry, so its series are
    // read from the text: the parser has already shown the whole scrape to be well formed.
    const latencyCounts = [...response.body.matchAll(/^paydar_http_request_duration_seconds_count\{(.*)\} (\d+)$/gm)];
    const monitorRoute = latencyCounts.filter(([, labels]) => labels?.includes('route="/api/v1/monitors/:id/"'));
    expect(monitorRoute.map(([, labels]) => /status_code="(\d+)"/.exec(labels ?? '')?.[1]).sort()).toEqual([
      '200',
      '404',
    ]);
    expect(monitorRoute.every(([, , count]) => Number(count) >= 1)).toBe(true);
    expect(response.body).not.toContain('987654321');
    expect(response.body).not.toContain(`/api/v1/monitors/${monitor.id}/`);

    expect(parsed.value('paydar_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(parsed.samples('paydar_nodejs_eventloop_lag_seconds')).toHaveLength(1);
  });

  it('shows each in-memory cache: its entries, its size in its unit and its limit, as CACHE_LIMITS set it', async () => {
    const user = await buildUser(server);
    // A signed-in call keeps the session; the list keeps its JSON.
    expect((await callAs(server, user, 'GET', '/api/v1/monitors/')).statusCode).toBe(200);
    const parsed = parseScrape((await scrape(server, bearer(METRICS_TOKEN))).body);
    const sessions = { cache: 'sessions', unit: 'entries' };
    expect(parsed.value('paydar_cache_limit', sessions)).toBe(1234);
    expect(parsed.value('paydar_cache_entries', sessions)).toBeGreaterThanOrEqual(1);
    expect(parsed.value('paydar_cache_size', sessions)).toBe(parsed.value('paydar_cache_entries', sessions));
    const lists = { cache: 'monitor-lists', unit: 'bytes' };
    expect(parsed.value('paydar_cache_limit', lists)).toBe(4_000_000);
    expect(parsed.value('paydar_cache_entries', lists)).toBeGreaterThanOrEqual(1);
    expect(parsed.value('paydar_cache_size', lists)).toBeGreaterThanOrEqual(
      parsed.value('paydar_cache_entries', lists),
    );
    // Every cache of the catalogue has its series, the untouched ones at their defaults.
    expect(parsed.samples('paydar_cache_limit').map((sample) => sample.labels?.cache)).toEqual(CACHE_NAMES);
    expect(parsed.value('paydar_cache_limit', { cache: 'badges', unit: 'entries' })).toBe(CACHE_CATALOGUE.badges.limit);
  });
});
