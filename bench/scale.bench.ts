import os from 'node:os';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { startInProcessProber } from '../apps/server/src/modules/probers/builtin-prober';
import { ensureBuiltinProber } from '../apps/server/src/modules/probers/probers.service';
import type { Runtime } from '../apps/server/src/runtime';
import type { ServerProcess } from '../apps/server/test/server-process';
import type { AgentStats } from '../packages/checks/src/agent/agent';
import { withServer } from './support/bench-server';
import { processUsage } from './support/cpu';
import type { Figure } from './support/figures';
import { startTargetProcess } from './support/target-process';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function seedMonitors(
  runtime: Runtime,
  tag: string,
  count: number,
  period: number,
  url: string,
  probers: number | { existingProberIds: number[] },
) {
  const { db } = runtime.context;
  const userId = (
    await db.execute<{ id: number }>(
      sql`INSERT INTO users (email, password_hash, is_verified) VALUES (${`${tag}@example.test`}, 'x', true) RETURNING id`,
    )
  ).rows[0]?.id as number;
  const proberIds =
    typeof probers === 'number'
      ? (
          await db.execute<{ id: number }>(sql`INSERT INTO probers (name, country_code, datacenter, key_hash)
            SELECT ${tag} || '-' || g, 'DE', 'bench', ${tag} || '-' || g FROM generate_series(1, ${probers}) g RETURNING id`)
        ).rows.map((row) => row.id)
      : probers.existingProberIds;
  await db.execute(sql`
    INSERT INTO monitors (user_id, protocol_type, url, period_seconds, apdex_ms, token)
    SELECT ${userId}, 'HTTP', ${url}, ${period}, 500, ${tag} || '-' || g FROM generate_series(1, ${count}) g`);
  await db.execute(sql`
    INSERT INTO monitor_probers (monitor_id, prober_id)
    SELECT m.id, p FROM monitors m, unnest(${sql.param(proberIds)}::int[]) p WHERE m.user_id = ${userId}`);
  return proberIds;
}

export interface StatsLine {
  stats: AgentStats;
  memory: { rssMiB: number; heapUsedMiB: number; heapTotalMiB: number; externalMiB: number };
}

export function proberStatsLines(server: ServerProcess): StatsLine[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.includes('"prober stats"'))
    .map((line) => JSON.parse(line) as StatsLine);
}

export async function nextStatsLine(server: ServerProcess, seen: number): Promise<StatsLine> {
  for (;;) {
    const lines = proberStatsLines(server);
    const line = lines[seen];
    if (line) return line;
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    await sleep(100);
  }
}

/**
 * 10,000 monitors at 60 s on the built-in prober of a real server process, started as `npm start`
 * starts it: the machine's CPU share of the server and PostgreSQL, start drift, and the server's
 * RSS. The prober logs its stats every 60 s; the window is the second minute (the first spreads
 * the monitors over their slots).
 */
export async function tenThousandBenchmark(runtime: Runtime): Promise<Figure[]> {
  const target = await startTargetProcess();
  const builtin = await ensureBuiltinProber(runtime.context, { name: 'Local', countryCode: 'IR', datacenter: 'Local' });
  await seedMonitors(runtime, 'bench-10k', 10_000, 60, target.url, { existingProberIds: [builtin.id] });
  try {
    return await withServer(runtime, async (server, cpuNow) => {
      const pid = server.child.pid as number;
      await nextStatsLine(server, 0);
      const cpu0 = cpuNow();
      const first = (proberStatsLines(server)[0] as StatsLine).stats;
      const { stats, memory } = await nextStatsLine(server, 1);
      const cpu = cpuNow() - cpu0;
      const usage = processUsage(pid);
      const share = (cpu / (60 * os.cpus().length)) * 100;
      const p99 = stats.scheduler.drift.p99 ?? Number.NaN;
      const lost = stats.scheduler.skipped + stats.scheduler.missed + stats.dropped;
      const note = `${stats.produced - first.produced} checks in the window; ${stats.delivered} stored in all; skipped ${stats.scheduler.skipped}, missed ${stats.scheduler.missed}, dropped ${stats.dropped}`;
      return [
        {
          name: '10,000 monitors at 60 s: CPU share of the machine',
          value: share,
          unit: '%',
          target: '< 25 %',
          met: share < 25 && lost === 0,
          note,
        },
        {
          name: '10,000 monitors at 60 s: p99 start drift',
          value: p99,
          unit: 'ms',
          target: '< 250 ms',
          met: p99 < 250,
        },
        {
          name: '10,000 monitors at 60 s: server RSS',
          value: usage.rssMiB,
          unit: 'MiB',
          target: '≤ 150 MiB',
          met: usage.rssMiB <= 150,
          note: `the server process as npm start runs it; peak ${usage.peakRssMiB.toFixed(0)} MiB; V8 heap ${memory.heapUsedMiB} of ${memory.heapTotalMiB} MiB, external ${memory.externalMiB} MiB`,
        },
      ];
    });
  } finally {
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
