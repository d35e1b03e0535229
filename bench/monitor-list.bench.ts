import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { openSession } from '../apps/server/src/modules/accounts/session.service';
import type { Runtime } from '../apps/server/src/runtime';
import type { Figure } from './support/figures';
import { latencyFigure } from './support/latency';

const MONITORS = 1_000;
const CALLS = 100;

/** GET /api/v1/monitors/ for a user with 1,000 monitors (each with 3 probers and a state), through the whole app. */
export async function monitorListBenchmark(runtime: Runtime): Promise<Figure[]> {
  const { db } = runtime.context;
  const userId = (
    await db.execute<{ id: number }>(
      sql`INSERT INTO users (email, password_hash, is_verified) VALUES ('bench-list@example.test', 'x', true) RETURNING id`,
    )
  ).rows[0]?.id as number;
  await db.execute(sql`INSERT INTO probers (name, country_code, datacenter, key_hash)
    SELECT 'bench-list-' || g, 'DE', 'bench', 'bench-list-' || g FROM generate_series(1, 3) g`);
  await db.execute(sql`
    INSERT INTO monitors (user_id, protocol_type, url, period_seconds, apdex_ms, token, alias)
    SELECT ${userId}, 'HTTP', 'https://site-' || g || '.example.com/health', 60, 500, 'bench-list-' || g, 'Site ' || g
    FROM generate_series(1, ${MONITORS}) g`);
  await db.execute(sql`
    INSERT INTO monitor_probers (monitor_id, prober_id)
    SELECT m.id, p.id FROM monitors m, probers p WHERE m.user_id = ${userId} AND p.name LIKE 'bench-list-%'`);
  await db.execute(sql`
    INSERT INTO monitor_states (monitor_id, last_check_at, first_check_at, last_status_code)
    SELECT id, now(), now() - interval '1 day', 200 FROM monitors WHERE user_id = ${userId}`);
  const key = await openSession(db, userId);
  const app = await buildApp({ context: runtime.context, logger: pino({ level: 'silent' }) });
  await app.ready();
  try {
    const call = () =>
      app.inject({ method: 'GET', url: '/api/v1/monitors/', headers: { authorization: `Token ${key}` } });
    const first = await call();
    if (first.json().results.length !== MONITORS) throw new Error('the list did not return every monitor');
    const figures = [await latencyFigure('monitor list, 1,000 monitors, p95', 100, CALLS, call)];
    figures.push(sizeFigure('monitor list, 1,000 monitors, uncompressed', first.rawPayload.length, 150));
    for (const encoding of ['br', 'gzip']) {
      const compressed = await app.inject({
        method: 'GET',
        url: '/api/v1/monitors/',
        headers: { authorization: `Token ${key}`, 'accept-encoding': encoding },
      });
      if (compressed.headers['content-encoding'] !== encoding) throw new Error(`the list was not sent as ${encoding}`);
      figures.push(sizeFigure(`monitor list, 1,000 monitors, ${encoding}`, compressed.rawPayload.length, 150));
    }
    return figures;
  } finally {
    await app.close();
  }
}

function sizeFigure(name: string, bytes: number, maxKiB: number): Figure {
  const kib = bytes / 1024;
  return { name, value: Math.round(kib * 10) / 10, unit: 'KiB', target: `≤ ${maxKiB} KiB`, met: kib <= maxKiB };
}
