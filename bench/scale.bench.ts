import os from 'node:os';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { startInProcessProber } from '../apps/server/src/modules/probers/builtin-prober';
import type { Runtime } from '../apps/server/src/runtime';
import { postgresCpuSeconds, processCpuSeconds } from './support/cpu';
import type { Figure } from './support/figures';
import { startTargetProcess } from './support/target-process';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function seedMonitors(
  runtime: Runtime,
  tag: string,
  count: number,
  period: number,
  url: string,
  probers: number,
) {
  const { db } = runtime.context;
  const userId = (
    await db.execute<{ id: number }>(
      sql`INSERT INTO users (email, password_hash, is_verified) VALUES (${`${tag}@example.test`}, 'x', true) RETURNING id`,
    )
  ).rows[0]?.id as number;
  const proberIds = (
    await db.execute<{ id: number }>(sql`INSERT INTO probers (name, country_code, datacenter, key_hash)
      SELECT ${tag} || '-' || g, 'DE', 'bench', ${tag} || '-' || g FROM generate_series(1, ${probers}) g RETURNING id`)
  ).rows.map((row) => row.id);
  await db.execute(sql`
    INSERT INTO monitors (user_id, protocol_type, url, period_seconds, apdex_ms, token)
    SELECT ${userId}, 'HTTP', ${url}, ${period}, 500, ${tag} || '-' || g FROM generate_series(1, ${count}) g`);
  await db.execute(sql`
    INSERT INTO monitor_probers (monitor_id, prober_id)
    SELECT m.id, p.id FROM monitors m, probers p WHERE m.user_id = ${userId} AND p.name LIKE ${`${tag}-%`}`);
  return proberIds;
}

const databaseOf = (runtime: Runtime) => new URL(runtime.context.config.DATABASE_URL ?? '').pathname.slice(1);

/** 10,000 monitors at 60 s on one in-process prober: machine CPU share, start drift, RSS. */
export async function tenThousandBenchmark(runtime: Runtime): Promise<Figure[]> {
  const rssBefore = process.memoryUsage().rss / 2 ** 20;
  const target = await startTargetProcess();
  const [proberId] = await seedMonitors(runtime, 'bench-10k', 10_000, 60, target.url, 1);
  const prober = startInProcessProber(runtime.context, proberId as number, pino({ level: 'warn' }));
  try {
    // The first period spreads the monitors over their slots; measure the second.
    await sleep(65_000);
    const cpu0 = processCpuSeconds() + postgresCpuSeconds(databaseOf(runtime));
    const produced0 = prober.stats().produced;
    await sleep(60_000);
    const cpu = processCpuSeconds() + postgresCpuSeconds(databaseOf(runtime)) - cpu0;
    const stats = prober.stats();
    const share = (cpu / (60 * os.cpus().length)) * 100;
    const p99 = stats.scheduler.drift.p99 ?? Number.NaN;
    const rss = process.memoryUsage().rss / 2 ** 20;
    const note = `${stats.produced - produced0} checks in 60 s; skipped ${stats.scheduler.skipped}, missed ${stats.scheduler.missed}, dropped ${stats.dropped}`;
    return [
      {
        name: '10,000 monitors at 60 s: CPU share of the machine',
        value: share,
        unit: '%',
        target: '< 25 %',
        met: share < 25,
        note,
      },
      { name: '10,000 monitors at 60 s: p99 start drift', value: p99, unit: 'ms', target: '< 250 ms', met: p99 < 250 },
      {
        name: '10,000 monitors at 60 s: process RSS',
        value: rss,
        unit: 'MiB',
        target: '≤ 150 MiB',
        met: rss <= 150,
        note: `the benchmark process is the server; ${rssBefore.toFixed(0)} MiB before the monitors`,
      },
    ];
  } finally {
    await prober.stop();
    await target.stop();
  }
}

/** 1,000 monitors on three in-process probers at 5 s: 600 checks a second, held without drift. */
export async function threeProbersBenchmark(runtime: Runtime): Promise<Figure[]> {
  const target = await startTargetProcess();
  const proberIds = await seedMonitors(runtime, 'bench-3x', 1_000, 5, target.url, 3);
  const probers = proberIds.map((id) => startInProcessProber(runtime.context, id, pino({ level: 'warn' })));
  try {
    await sleep(40_000);
    const stats = probers.map((prober) => prober.stats());
    const p99 = Math.max(...stats.map((stat) => stat.scheduler.drift.p99 ?? Number.POSITIVE_INFINITY));
    const lost = stats.reduce((sum, stat) => sum + stat.scheduler.skipped + stat.scheduler.missed, 0);
    const produced = stats.reduce((sum, stat) => sum + stat.produced, 0);
    return [
      {
        name: '1,000 monitors × 3 probers at 5 s: worst p99 start drift',
        value: p99,
        unit: 'ms',
        target: '< 250 ms, no slot lost',
        met: p99 < 250 && lost === 0,
        note: `${produced} checks in 40 s; skipped + missed slots: ${lost}`,
      },
    ];
  } finally {
    await Promise.all(probers.map((prober) => prober.stop()));
    await target.stop();
  }
}
