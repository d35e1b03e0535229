import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ensureBuiltinProber } from '../apps/server/src/modules/probers/probers.service';
import type { Runtime } from '../apps/server/src/runtime';
import { freePort } from '../apps/server/test/free-port';
import { type ServerProcess, startServerProcess } from '../apps/server/test/server-process';
import { bareGet } from './check-path.bench';
import { databaseOf, nextStatsLine, proberStatsLines, seedMonitors } from './scale.bench';
import { postgresCpuSeconds, processCpuSeconds, processUsage } from './support/cpu';
import type { Figure } from './support/figures';
import { startTargetProcess } from './support/target-process';

/**
 * The whole system as `npm start` runs it — server process plus its PostgreSQL backends, from
 * /proc — idle and per check performed, beside the floor of a bare http.get in the same run.
 * Both need a database with no other monitors on the built-in prober: run before `scale`.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const IDLE_SETTLE_MS = 15_000;
const IDLE_WINDOW_MS = 40_000;
const FLOOR_GETS = 2_000;
const FLOOR_ROUNDS = 3;

/** Runs `work` beside a real server process (as `npm start` runs it) with its built-in prober, then stops it. */
export async function withServer<T>(
  runtime: Runtime,
  work: (server: ServerProcess, cpuNow: () => number) => Promise<T>,
) {
  // The built-in prober keeps its result buffer under DATA_DIR: the benchmark's own.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'paydar-bench-'));
  const server = await startServerProcess({
    DATABASE_URL: runtime.context.config.DATABASE_URL ?? '',
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    ALLOW_PRIVATE_TARGETS: 'true',
    BUILTIN_PROBER_ENABLED: 'true',
    // No demo account's minute job in the measured process.
    DEMO_DATA_ENABLED: 'false',
  });
  const pid = server.child.pid as number;
  const cpuNow = () => processUsage(pid).cpuSeconds + postgresCpuSeconds(databaseOf(runtime));
  try {
    return await work(server, cpuNow);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** CPU of a real server with no monitors, as % of one core (server + its PostgreSQL backends). */
export async function idleBenchmark(runtime: Runtime): Promise<Figure[]> {
  const monitors = (
    await runtime.context.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM monitor_probers`)
  ).rows[0]?.n;
  if (monitors) throw new Error(`idle needs a database without monitors; it has ${monitors} assignments`);
  const share = await withServer(runtime, async (_server, cpuNow) => {
    await sleep(IDLE_SETTLE_MS);
    const cpu0 = cpuNow();
    await sleep(IDLE_WINDOW_MS);
    return ((cpuNow() - cpu0) / (IDLE_WINDOW_MS / 1000)) * 100;
  });
  return [
    {
      name: 'idle, no monitors: CPU of server + PostgreSQL',
      value: share,
      unit: '% of a core',
      target: '≤ 1 %',
      met: share <= 1,
      note: `${IDLE_WINDOW_MS / 1000} s after ${IDLE_SETTLE_MS / 1000} s of settling; the real process as npm start runs it`,
    },
  ];
}

/** CPU of this process per bare http.get with a fresh connection: the floor a check cannot go under. */
async function bareGetFloorMs(url: string): Promise<number> {
  const rounds: number[] = [];
  for (let round = 0; round < FLOOR_ROUNDS; round += 1) {
    const cpu0 = processCpuSeconds();
    for (let started = 0; started < FLOOR_GETS; started += 20)
      await Promise.all(Array.from({ length: 20 }, () => bareGet(url)));
    rounds.push(((processCpuSeconds() - cpu0) / FLOOR_GETS) * 1000);
  }
  return Math.min(...rounds);
}

/** CPU per check performed with `count` HTTP monitors at 20 s on the built-in prober of a real server. */
async function perCheckMs(runtime: Runtime, count: number, url: string, proberId: number): Promise<[number, string]> {
  const tag = `bench-per-check-${count}`;
  await seedMonitors(runtime, tag, count, 20, url, { existingProberIds: [proberId] });
  try {
    return await withServer(runtime, async (server, cpuNow) => {
      // The first stats line ends the minute that spreads the monitors over their slots.
      await nextStatsLine(server, 0);
      const cpu0 = cpuNow();
      const first = (proberStatsLines(server)[0] as { stats: { produced: number } }).stats;
      const { stats } = await nextStatsLine(server, 1);
      const cpu = cpuNow() - cpu0;
      const checks = stats.produced - first.produced;
      const lost = stats.scheduler.skipped + stats.scheduler.missed + stats.dropped;
      if (lost) throw new Error(`${count} monitors: ${lost} checks lost`);
      return [(cpu / checks) * 1000, `${checks} checks in 60 s`];
    });
  } finally {
    // Unassigned, so the next size (and later benchmarks) see only their own monitors.
    await runtime.context.db.execute(sql`
      DELETE FROM monitor_probers WHERE monitor_id IN (SELECT id FROM monitors WHERE token LIKE ${`${tag}-%`})`);
  }
}

export async function perCheckBenchmark(runtime: Runtime): Promise<Figure[]> {
  const target = await startTargetProcess();
  try {
    const builtin = await ensureBuiltinProber(runtime.context, {
      name: 'Local',
      countryCode: 'IR',
      datacenter: 'Local',
    });
    const floor = await bareGetFloorMs(target.url);
    const figures: Figure[] = [
      {
        name: 'CPU per bare http.get, fresh connection (the floor)',
        value: floor,
        unit: 'ms',
        target: 'reference',
        met: true,
        note: `best of ${FLOOR_ROUNDS} rounds of ${FLOOR_GETS}, this process, same target`,
      },
    ];
    for (const [count, limit] of [
      [500, 1.0],
      [2_000, 0.8],
    ] as const) {
      const [ms, note] = await perCheckMs(runtime, count, target.url, builtin.id);
      figures.push({
        name: `CPU per check, ${count} HTTP monitors at 20 s (server + PostgreSQL)`,
        value: ms,
        unit: 'ms',
        target: `≤ ${limit} ms`,
        met: ms <= limit,
        note: `${note}; bare http.get floor ${floor.toFixed(3)} ms (${(ms / floor).toFixed(1)}×), same run`,
      });
    }
    return figures;
  } finally {
    await target.stop();
  }
}
