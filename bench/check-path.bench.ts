import http from 'node:http';
import { sql } from 'drizzle-orm';
import { ingestResults } from '../apps/server/src/modules/ingest/ingest.service';
import type { Runtime } from '../apps/server/src/runtime';
import { runCheck } from '../packages/checks/src/check';
import type { CheckResult, CheckSpec } from '../packages/contracts/src/agent';
import { postgresCpuSeconds, processCpuSeconds } from './support/cpu';
import { type Figure, percentile } from './support/figures';
import { startTarget } from './support/target';

const CHECKS = 1_500;
const ROUNDS = 5;
const CONCURRENCY = 10;
const BATCH = 200;

export function bareGet(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        response.on('end', resolve);
      })
      .on('error', reject);
  });
}

async function inParallel(count: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** CPU of this process and of PostgreSQL while `work` runs. */
async function measureCpu(database: string, work: () => Promise<void>): Promise<number> {
  const process0 = processCpuSeconds();
  const postgres0 = postgresCpuSeconds(database);
  await work();
  return processCpuSeconds() - process0 + (postgresCpuSeconds(database) - postgres0);
}

/**
 * CPU per HTTP check through the whole path — check with a fresh connection, batched ingest,
 * rollups and state — against a bare http.get with a fresh connection, same target, same process.
 */
export async function checkPathBenchmark(runtime: Runtime): Promise<Figure[]> {
  const target = await startTarget();
  const { db } = runtime.context;
  await db.execute(
    sql`INSERT INTO users (email, password_hash, is_verified) VALUES ('bench-path@example.test', 'x', true)`,
  );
  await db.execute(
    sql`INSERT INTO probers (name, country_code, datacenter, key_hash) VALUES ('bench-path', 'DE', 'bench', 'bench-path')`,
  );
  const monitorId = (
    await db.execute<{ id: number }>(sql`
      INSERT INTO monitors (user_id, protocol_type, url, period_seconds, apdex_ms, token)
      SELECT id, 'HTTP', ${target.url}, 5, 500, 'bench-path' FROM users WHERE email = 'bench-path@example.test' RETURNING id`)
  ).rows[0]?.id as number;
  const proberId = (await db.execute<{ id: number }>(sql`SELECT id FROM probers WHERE name = 'bench-path'`)).rows[0]
    ?.id as number;
  await db.execute(sql`INSERT INTO monitor_probers VALUES (${monitorId}, ${proberId})`);
  const spec: CheckSpec = {
    monitor_id: monitorId,
    protocol: 'HTTP',
    target: target.url,
    period_seconds: 5,
    timeout_ms: 5_000,
    http: { method: 'GET', headers: [], body: null, max_redirects: 5 },
  };

  try {
    await inParallel(200, () => bareGet(target.url)); // warm-up
    const database = new URL(runtime.context.config.DATABASE_URL ?? '').pathname.slice(1);
    // One result a second, all in the past: ingest refuses results from the future.
    const start = Date.now() - (ROUNDS * CHECKS + 600) * 1000;
    let slot = 0;
    const bareRound = () => measureCpu(database, () => inParallel(CHECKS, () => bareGet(target.url)));
    const fullRound = () =>
      measureCpu(database, async () => {
        let pending: CheckResult[] = [];
        const flushes: Promise<unknown>[] = [];
        await inParallel(CHECKS, async () => {
          const scheduledAt = new Date(start + slot++ * 1000);
          // Await first: `pending.push(await …)` would read `pending` before a flush swapped it.
          const result = await runCheck(spec, { scheduledAt, allowPrivateTargets: true });
          pending.push(result);
          if (pending.length >= BATCH) {
            flushes.push(ingestResults(runtime.context, proberId, pending));
            pending = [];
          }
        });
        flushes.push(ingestResults(runtime.context, proberId, pending));
        await Promise.all(flushes);
      });
    // Alternating rounds, medians: the machine's other work falls on both sides alike.
    const bareRounds: number[] = [];
    const fullRounds: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      bareRounds.push(await bareRound());
      fullRounds.push(await fullRound());
    }
    const bare = percentile(bareRounds, 50);
    const full = percentile(fullRounds, 50);
    const stored = (
      await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM probe_records WHERE monitor_id = ${monitorId}`)
    ).rows[0]?.n;
    if (stored !== ROUNDS * CHECKS) throw new Error(`the whole path stored ${stored} of ${ROUNDS * CHECKS} results`);
    const ratio = full / bare;
    return [
      {
        name: 'CPU per HTTP check, whole path ÷ bare http.get',
        value: ratio,
        unit: '×',
        target: '≤ 2×',
        met: ratio <= 2,
        note: `median of ${ROUNDS} alternating rounds: ${((full / CHECKS) * 1e6).toFixed(0)} µs vs ${((bare / CHECKS) * 1e6).toFixed(0)} µs per check (process + PostgreSQL CPU); ${stored} stored`,
      },
    ];
  } finally {
    await target.stop();
  }
}
