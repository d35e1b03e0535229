import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import type { Runtime } from '../apps/server/src/runtime';
import type { Figure } from './support/figures';
import { readersFigures, runReaders } from './support/readers';
import { seedStatusPage } from './support/seed-status-page';

const DAYS = 90;
const MONITORS = 10;
const READERS = 200;
const READ_SECONDS = 5;
/** How often the bench's stand-in for ingest writes one monitor's state, as a check at a 1 s period would. */
const CHECK_EVERY_MS = 1_000;
/** What Chromium sends: a visitor's browser takes the page's data compressed. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * `status-page` (issue 16 point 7): GET /api/v1/public/status_pages/{slug} for a page of 10
 * monitors with 90 days of quarter-hour rollups (one prober) and a downtime every 9 days each, with
 * response times shown; 200 visitors over loopback for 5 s, revalidating with their ETag and
 * without, while one monitor's state is written every second. Targets: p99 ≤ 100 ms, ≥ 2,000 req/s.
 */
export async function statusPageBenchmark(runtime: Runtime): Promise<Figure[]> {
  const { db } = runtime.context;
  const userId = (
    await db.execute<{ id: number }>(
      sql`INSERT INTO users (email, password_hash, is_verified) VALUES ('bench-status-page@example.test', 'x', true) RETURNING id`,
    )
  ).rows[0]?.id as number;
  const proberId = (
    await db.execute<{ id: number }>(sql`INSERT INTO probers (name, country_code, datacenter, key_hash)
      VALUES ('bench-status-page', 'DE', 'bench', 'bench-status-page') RETURNING id`)
  ).rows[0]?.id as number;
  const monitorIds = (
    await db.execute<{ id: number }>(sql`
      INSERT INTO monitors (user_id, protocol_type, url, period_seconds, apdex_ms, token, created_at)
      SELECT ${userId}, 'HTTP', 'https://bench.example.com/' || g, 30, 500, 'bench-status-page-' || g,
        now() - interval '${sql.raw(String(DAYS))} days'
      FROM generate_series(1, ${MONITORS}) g RETURNING id`)
  ).rows.map((row) => row.id);
  const ids = sql.param(monitorIds);
  await db.execute(sql`INSERT INTO monitor_probers (monitor_id, prober_id) SELECT unnest(${ids}::int[]), ${proberId}`);
  await db.execute(sql`
    INSERT INTO quarter_rollups (monitor_id, prober_id, quarter, checks, failures, satisfied, tolerating, frustrated,
      bucket_0, bucket_1, bucket_2, bucket_3, duration_sum)
    SELECT m, ${proberId}, q, 30, 1, 25, 3, 2, 10, 10, 7, 2, 29 * 210
    FROM unnest(${ids}::int[]) m,
      generate_series(date_trunc('hour', now()) - interval '${sql.raw(String(DAYS))} days', date_trunc('hour', now()), interval '15 minutes') q`);
  await db.execute(sql`
    INSERT INTO downtimes (monitor_id, from_time, to_time)
    SELECT m, d + interval '3 hours', d + interval '3 hours 4 minutes'
    FROM unnest(${ids}::int[]) m,
      generate_series(now() - interval '${sql.raw(String(DAYS))} days', now() - interval '1 day', interval '9 days') d`);
  await db.execute(sql`
    INSERT INTO monitor_states (monitor_id, first_check_at, last_check_at, last_status_code)
    SELECT m, now() - interval '${sql.raw(String(DAYS))} days', now(), 200 FROM unnest(${ids}::int[]) m`);
  await seedStatusPage(db, userId, 'bench-status', monitorIds);

  const app = await buildApp({ context: runtime.context, logger: pino({ level: 'silent' }) });
  await app.ready();
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  let writes = 0;
  const first = monitorIds[0] as number;
  const checks = setInterval(() => {
    db.execute(sql`UPDATE monitor_states SET last_check_at = now() WHERE monitor_id = ${first}`).then(
      () => {
        writes += 1;
      },
      (error: unknown) => console.error('the state write failed', error),
    );
  }, CHECK_EVERY_MS);
  try {
    const path = '/api/v1/public/status_pages/bench-status';
    const check = await app.inject({ method: 'GET', url: path });
    if (check.statusCode !== 200) throw new Error(`status page answered ${check.statusCode}: ${check.body}`);
    const options = { readers: READERS, seconds: READ_SECONDS };
    // One second of the same load first, not counted: the routes' code is compiled and its modules
    // loaded (the first seconds of a fresh process measured its JIT, not the page).
    await runReaders(origin, path, BROWSER_HEADERS, { readers: READERS, seconds: 1, revalidate: true });
    const browsers = await runReaders(origin, path, BROWSER_HEADERS, { ...options, revalidate: true });
    const plain = await runReaders(origin, path, BROWSER_HEADERS, { ...options, revalidate: false });
    if (writes < 2 * READ_SECONDS - 2) throw new Error(`only ${writes} state writes while visitors read`);
    return [
      ...readersFigures(`status page, ${READERS} visitors revalidating`, browsers, 2_000, 100),
      ...readersFigures(`status page, ${READERS} visitors without ETag`, plain, 2_000, 100),
    ];
  } finally {
    clearInterval(checks);
    await app.close();
  }
}
