import { sql } from 'drizzle-orm';
import { ingestResults } from '../apps/server/src/modules/ingest/ingest.service';
import type { Runtime } from '../apps/server/src/runtime';
import type { CheckResult } from '../packages/contracts/src/agent';
import type { Figure } from './support/figures';

const MONITORS = 1_000;
const SLOTS = 200;
const BATCH = 2_000;

/** Results per second through ingestResults (raw records, rollups and state in one transaction per batch). */
export async function ingestBenchmark(runtime: Runtime): Promise<Figure[]> {
  const { db } = runtime.context;
  await db.execute(
    sql`INSERT INTO users (email, password_hash, is_verified) VALUES ('bench-ingest@example.test', 'x', true)`,
  );
  await db.execute(sql`INSERT INTO probers (name, country_code, datacenter, key_hash)
    SELECT 'bench-ingest-' || g, 'DE', 'bench', 'bench-ingest-' || g FROM generate_series(1, 2) g`);
  const plain = await ingestRound(runtime, 'plain', null);
  // The same load again on other monitors, each with a slow-response rule (issue 14): what the rule costs.
  const slow = await ingestRound(runtime, 'slow', { rule: 'response_time', above_ms: 500, checks: 5 });
  return [
    {
      name: 'ingest throughput',
      value: Math.round(plain),
      unit: 'results/s',
      target: '≥ 50,000 results/s',
      met: plain >= 50_000,
      note: `${MONITORS * SLOTS} results, ${BATCH} per batch, 2 probers sending at once over the same monitors`,
    },
    {
      name: 'ingest throughput, every monitor with a slow-response rule',
      value: Math.round(slow),
      unit: 'results/s',
      target: '≥ 50,000 results/s',
      met: slow >= 50_000,
      note: 'as above, each monitor alerting when 5 checks in a row take over 500 ms',
    },
  ];
}

/** One round over MONITORS fresh monitors (tokens `bench-ingest-<label>-…`); returns results per second. */
async function ingestRound(runtime: Runtime, label: string, slowAlert: object | null): Promise<number> {
  const { db } = runtime.context;
  const prefix = `bench-ingest-${label}-`;
  await db.execute(sql`
    INSERT INTO monitors (user_id, protocol_type, url, period_seconds, apdex_ms, token, slow_alert)
    SELECT (SELECT id FROM users WHERE email = 'bench-ingest@example.test'), 'HTTP', 'http://bench.test/' || g, 30, 500,
      ${prefix} || g, ${slowAlert === null ? null : JSON.stringify(slowAlert)}::jsonb
    FROM generate_series(1, ${MONITORS}) g`);
  await db.execute(sql`
    INSERT INTO monitor_probers (monitor_id, prober_id)
    SELECT m.id, p.id FROM monitors m, probers p WHERE m.token LIKE ${`${prefix}%`} AND p.name LIKE 'bench-ingest-%'`);
  const ids = (
    await db.execute<{ id: number }>(sql`SELECT id FROM monitors WHERE token LIKE ${`${prefix}%`} ORDER BY id`)
  ).rows.map((row) => row.id);
  const proberIds = (
    await db.execute<{ id: number }>(sql`SELECT id FROM probers WHERE name LIKE 'bench-ingest-%' ORDER BY id`)
  ).rows.map((row) => row.id);

  const start = Date.now() - 2 * 3_600_000;
  const results: CheckResult[] = [];
  for (let slot = 0; slot < SLOTS; slot += 1) {
    for (const id of ids) {
      const duration = 50 + ((id * 7 + slot * 13) % 900);
      const success = (id + slot) % 50 !== 0;
      results.push({
        monitor_id: id,
        time: new Date(start + slot * 30_000 + (id % 30) * 1000).toISOString(),
        success,
        status_code: success ? 200 : 503,
        error: success ? null : 'HTTP 503 Service Unavailable',
        phases: { resolve: 1.2, connect: 3.4, tls: 8.1, response: duration - 15, duration },
        extra_info: {},
      });
    }
  }
  const batches: CheckResult[][] = [];
  for (let index = 0; index < results.length; index += BATCH) batches.push(results.slice(index, index + BATCH));

  const began = performance.now();
  // Two probers sending at once, each its own results for the same monitors, as probers in two
  // datacenters do: half the batches each.
  await Promise.all(
    proberIds.map(async (proberId, sender) => {
      for (let index = sender; index < batches.length; index += proberIds.length) {
        const batch = batches[index];
        if (batch) await ingestResults(runtime.context, proberId, batch);
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  const stored = (
    await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM probe_records WHERE monitor_id = ANY(${sql.param(ids)}::int[])`,
    )
  ).rows[0]?.n;
  if (stored !== results.length) throw new Error(`ingest stored ${stored} of ${results.length} results`);
  return results.length / seconds;
}
