import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { openSession } from '../apps/server/src/modules/accounts/session.service';
import type { Runtime } from '../apps/server/src/runtime';
import type { Figure } from './support/figures';
import { latencyFigure } from './support/latency';
import { readersFigures, runReaders } from './support/readers';

const DAYS = 90;
const CALLS = 100;
const READERS = 200;
const READ_SECONDS = 5;
/** How often the bench's stand-in for ingest writes the monitor's state, as a check at a 1 s period would. */
const CHECK_EVERY_MS = 1_000;

/**
 * GET /api/v1/monitors/{id}/metric for a monitor with 90 days of 30 s results from 3 probers —
 * as the quarter-hour rollups and downtimes ingest would have left them (2,880 checks per prober per day),
 * on the Gold plan so the whole history may be read.
 */
export async function metricBenchmark(runtime: Runtime): Promise<Figure[]> {
  const { db } = runtime.context;
  const userId = (
    await db.execute<{ id: number }>(
      sql`INSERT INTO users (email, password_hash, is_verified) VALUES ('bench-metric@example.test', 'x', true) RETURNING id`,
    )
  ).rows[0]?.id as number;
  await db.execute(sql`INSERT INTO subscriptions (user_id, plan_id, is_active, period)
    SELECT ${userId}, id, true, 'Monthly' FROM plans WHERE name = 'Gold'`);
  const proberIds = (
    await db.execute<{ id: number }>(sql`INSERT INTO probers (name, country_code, datacenter, key_hash)
      SELECT 'bench-metric-' || g, 'DE', 'bench', 'bench-metric-' || g FROM generate_series(1, 3) g RETURNING id`)
  ).rows.map((row) => row.id);
  const monitorId = (
    await db.execute<{ id: number }>(sql`
      INSERT INTO monitors (user_id, protocol_type, url, period_seconds, apdex_ms, token, created_at)
      VALUES (${userId}, 'HTTP', 'https://bench.example.com/', 30, 500, 'bench-metric', now() - interval '${sql.raw(String(DAYS))} days')
      RETURNING id`)
  ).rows[0]?.id as number;
  await db.execute(
    sql`INSERT INTO monitor_probers (monitor_id, prober_id) SELECT ${monitorId}, unnest(${sql.param(proberIds)}::int[])`,
  );
  await db.execute(sql`
    INSERT INTO quarter_rollups (monitor_id, prober_id, quarter, checks, failures, satisfied, tolerating, frustrated,
      bucket_0, bucket_1, bucket_2, bucket_3, duration_sum, resolve_sum, resolve_count, connect_sum, connect_count,
      tls_sum, tls_count, response_sum, response_count)
    SELECT ${monitorId}, p, q, 30, 1, 25, 3, 2, 10, 10, 7, 2, 29 * 210, 29 * 2, 29, 29 * 5, 29, 29 * 12, 29, 29 * 180, 29
    FROM unnest(${sql.param(proberIds)}::int[]) p,
         generate_series(date_trunc('hour', now()) - interval '${sql.raw(String(DAYS))} days', date_trunc('hour', now()), interval '15 minutes') q`);
  await db.execute(sql`
    INSERT INTO downtimes (monitor_id, from_time, to_time)
    SELECT ${monitorId}, d + interval '3 hours', d + interval '3 hours 4 minutes'
    FROM generate_series(now() - interval '${sql.raw(String(DAYS))} days', now() - interval '1 day', interval '9 days') d`);
  await db.execute(sql`
    INSERT INTO monitor_states (monitor_id, first_check_at, last_check_at, last_status_code)
    VALUES (${monitorId}, now() - interval '${sql.raw(String(DAYS))} days', now(), 200)`);
  const key = await openSession(db, userId);
  const app = await buildApp({ context: runtime.context, logger: pino({ level: 'silent' }) });
  await app.ready();
  try {
    const call = () =>
      app.inject({
        method: 'GET',
        url: `/api/v1/monitors/${monitorId}/metric`,
        headers: { authorization: `Token ${key}` },
      });
    const first = await call();
    if (first.statusCode !== 200) throw new Error(`metric call answered ${first.statusCode}: ${first.body}`);
    const figures = [await latencyFigure('metric call, 90 days × 3 probers at 30 s, p95', 30, CALLS, call)];
    // Now that a repeat is answered from memory, the figure above is a hit; this one writes the
    // state first, as a check does, so the subject is read and the answer computed again.
    const afterCheck = async () => {
      await db.execute(sql`UPDATE monitor_states SET last_check_at = now() WHERE monitor_id = ${monitorId}`);
      return call();
    };
    figures.push(await latencyFigure('check written + metric call (recomputed), p95', 30, CALLS, afterCheck));
    figures.push(...(await readersBenchmark(app, runtime, monitorId, key)));
    return figures;
  } finally {
    await app.close();
  }
}

/**
 * 200 dashboard readers over loopback: the same monitor's metric, back to back, while its state is
 * written every second as checks would. Once as browsers do (revalidating with the ETag they hold),
 * once without any validator (every answer a whole 200).
 */
async function readersBenchmark(app: FastifyInstance, runtime: Runtime, monitorId: number, key: string) {
  const { db } = runtime.context;
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  let writes = 0;
  const checks = setInterval(() => {
    // A drizzle query is sent only when awaited or then-ed: `void db.execute(…)` never ran.
    db.execute(sql`UPDATE monitor_states SET last_check_at = now() WHERE monitor_id = ${monitorId}`).then(
      () => {
        writes += 1;
      },
      (error: unknown) => console.error('the state write failed', error),
    );
  }, CHECK_EVERY_MS);
  try {
    const path = `/api/v1/monitors/${monitorId}/metric`;
    const headers = { authorization: `Token ${key}` };
    const options = { readers: READERS, seconds: READ_SECONDS };
    const browsers = await runReaders(origin, path, headers, { ...options, revalidate: true });
    const plain = await runReaders(origin, path, headers, { ...options, revalidate: false });
    if (writes < 2 * READ_SECONDS - 2) throw new Error(`only ${writes} state writes while readers read`);
    return [
      ...readersFigures(`metric, ${READERS} readers revalidating`, browsers, 1_000, 250),
      ...readersFigures(`metric, ${READERS} readers without ETag`, plain, 1_000, 250),
    ];
  } finally {
    clearInterval(checks);
  }
}
