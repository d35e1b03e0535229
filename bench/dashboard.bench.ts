import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { openSession } from '../apps/server/src/modules/accounts/session.service';
import type { Runtime } from '../apps/server/src/runtime';
import type { Figure } from './support/figures';
import { type ReadersRun, readersFigures, runMixedReaders } from './support/readers';
import { seedStatusPage } from './support/seed-status-page';

const DAYS = 90;
const MONITORS = 50;
/** Of the 50, the first this many are also on a public status page: the baseline, read in the same run. */
const PAGE_MONITORS = 10;
const READERS = 200;
const READ_SECONDS = 5;
/** A state write this often, each of the 50 monitors in turn, as checks at a 50 s period would. */
const CHECK_EVERY_MS = 1_000;
/** What Chromium sends: the dashboard is a browser, and takes its answers compressed. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * `dashboard` (issue 37 point 8): 200 signed-in readers of one account's dashboard over loopback
 * for 5 s — each calls GET /api/v1/monitors/ and GET /api/v1/monitors/{id}/metric in turn, reader
 * i for the i-th of the account's 50 monitors (mod 50: four readers a monitor; 90 days of quarter-hour
 * rollups from 3 probers each, a downtime every 9 days, Gold plan) — while one monitor's state is written every
 * second as checks would. Once revalidating with the ETags they hold, as browsers do, once without.
 * The baseline in the same run: the same 200 readers on the public status page of 10 of those
 * monitors. Targets: metric ≥ 1,000 req/s with p99 ≤ 250 ms; the list p99 ≤ 250 ms too.
 */
export async function dashboardBenchmark(runtime: Runtime): Promise<Figure[]> {
  const { db } = runtime.context;
  const { key, monitorIds } = await seedDashboard(runtime);
  const app = await buildApp({ context: runtime.context, logger: pino({ level: 'silent' }) });
  await app.ready();
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  let writes = 0;
  let turn = 0;
  const checks = setInterval(() => {
    const id = monitorIds[turn++ % monitorIds.length] as number;
    db.execute(sql`UPDATE monitor_states SET last_check_at = now() WHERE monitor_id = ${id}`).then(
      () => {
        writes += 1;
      },
      (error: unknown) => console.error('the state write failed', error),
    );
  }, CHECK_EVERY_MS);
  try {
    const headers = { ...BROWSER_HEADERS, authorization: `Token ${key}` };
    const list = { label: 'list', path: '/api/v1/monitors/' };
    const dashboard = monitorIds.map((id) => [list, { label: 'metric', path: `/api/v1/monitors/${id}/metric` }]);
    for (const { path } of [...dashboard.flat(), { path: '/api/v1/public/status_pages/bench-dashboard' }]) {
      const check = await app.inject({ method: 'GET', url: path, headers });
      if (check.statusCode !== 200) throw new Error(`${path} answered ${check.statusCode}: ${check.body}`);
    }
    const options = { readers: READERS, seconds: READ_SECONDS };
    const figures: Figure[] = [];
    // One second of the same load first, not counted: a fresh process's first second is its JIT.
    await runMixedReaders(origin, dashboard, headers, { readers: READERS, seconds: 1, revalidate: true });
    for (const revalidate of [true, false]) {
      const how = revalidate ? 'revalidating' : 'without ETag';
      const runs = await runMixedReaders(origin, dashboard, headers, { ...options, revalidate });
      figures.push(
        ...readersFigures(`dashboard ${how}: metric`, runs.get('metric') as ReadersRun, 1_000, 250),
        ...readersFigures(`dashboard ${how}: list`, runs.get('list') as ReadersRun, 0, 250),
      );
      const page = [[{ label: 'page', path: '/api/v1/public/status_pages/bench-dashboard' }]];
      const baseline = (await runMixedReaders(origin, page, BROWSER_HEADERS, { ...options, revalidate })).get('page');
      figures.push(...readersFigures(`baseline ${how}: status page data`, baseline as ReadersRun, 0, 100));
    }
    if (writes < 4 * READ_SECONDS - 2) throw new Error(`only ${writes} state writes while readers read`);
    return figures;
  } finally {
    clearInterval(checks);
    await app.close();
  }
}

/** A Gold user with the 50 monitors and their history, 10 of them on a status page; its session key. */
export async function seedDashboard(runtime: Runtime): Promise<{ key: string; monitorIds: number[] }> {
  const { db } = runtime.context;
  const days = sql.raw(String(DAYS));
  const userId = (
    await db.execute<{ id: number }>(
      sql`INSERT INTO users (email, password_hash, is_verified) VALUES ('bench-dashboard@example.test', 'x', true) RETURNING id`,
    )
  ).rows[0]?.id as number;
  await db.execute(sql`INSERT INTO subscriptions (user_id, plan_id, is_active, period)
    SELECT ${userId}, id, true, 'Monthly' FROM plans WHERE name = 'Gold'`);
  const proberIds = (
    await db.execute<{ id: number }>(sql`INSERT INTO probers (name, country_code, datacenter, key_hash)
      SELECT 'bench-dashboard-' || g, 'DE', 'bench', 'bench-dashboard-' || g FROM generate_series(1, 3) g RETURNING id`)
  ).rows.map((row) => row.id);
  const monitorIds = (
    await db.execute<{ id: number }>(sql`
      INSERT INTO monitors (user_id, protocol_type, url, period_seconds, apdex_ms, token, alias, created_at)
      SELECT ${userId}, 'HTTP', 'https://site-' || g || '.example.com/health', 30, 500, 'bench-dashboard-' || g,
        'Site ' || g, now() - interval '${days} days'
      FROM generate_series(1, ${MONITORS}) g ORDER BY g RETURNING id`)
  ).rows.map((row) => row.id);
  const ids = sql.param(monitorIds);
  await db.execute(sql`INSERT INTO monitor_probers (monitor_id, prober_id)
    SELECT m, p FROM unnest(${ids}::int[]) m, unnest(${sql.param(proberIds)}::int[]) p`);
  await db.execute(sql`
    INSERT INTO quarter_rollups (monitor_id, prober_id, quarter, checks, failures, satisfied, tolerating, frustrated,
      bucket_0, bucket_1, bucket_2, bucket_3, duration_sum, resolve_sum, resolve_count, connect_sum, connect_count,
      tls_sum, tls_count, response_sum, response_count)
    SELECT m, p, q, 30, 1, 25, 3, 2, 10, 10, 7, 2, 29 * 210, 29 * 2, 29, 29 * 5, 29, 29 * 12, 29, 29 * 180, 29
    FROM unnest(${ids}::int[]) m, unnest(${sql.param(proberIds)}::int[]) p,
      generate_series(date_trunc('hour', now()) - interval '${days} days', date_trunc('hour', now()), interval '15 minutes') q`);
  await db.execute(sql`
    INSERT INTO downtimes (monitor_id, from_time, to_time)
    SELECT m, d + interval '3 hours', d + interval '3 hours 4 minutes'
    FROM unnest(${ids}::int[]) m,
      generate_series(now() - interval '${days} days', now() - interval '1 day', interval '9 days') d`);
  await db.execute(sql`
    INSERT INTO monitor_states (monitor_id, first_check_at, last_check_at, last_status_code)
    SELECT m, now() - interval '${days} days', now(), 200 FROM unnest(${ids}::int[]) m`);
  await seedStatusPage(db, userId, 'bench-dashboard', monitorIds.slice(0, PAGE_MONITORS));
  await db.execute(sql`ANALYZE`);
  return { key: await openSession(db, userId), monitorIds };
}
