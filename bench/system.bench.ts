import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ensureBuiltinProber } from '../apps/server/src/modules/probers/probers.service';
import type { Runtime } from '../apps/server/src/runtime';
import { nextStatsLine, proberStatsLines, seedMonitors } from './scale.bench';
import { databaseOf, withServer } from './support/bench-server';
import { postgresCpuSeconds, processUsage, threadCpuSeconds } from './support/cpu';
import { profileClockNow, summarizeProfile } from './support/cpu-profile-summary';
import type { Figure } from './support/figures';
import { heapSnapshotArguments, summarizeHeapSnapshot, takeHeapSnapshot } from './support/heap-snapshot';
import { pacedGetFloorMs } from './support/paced-gets';
import { statementStats, statementsPerCheck } from './support/statement-stats';
import { startTargetProcess } from './support/target-process';

/**
 * The whole system as `npm start` runs it — server process plus its PostgreSQL backends, from
 * /proc — per check performed, beside the floor of a bare http.get in the same run. It needs a
 * database with no other monitors on the built-in prober: run before `scale` (idle.bench.ts too).
 */
/** The paced floor's warm-up and window (its window is the servers' measured minute). */
const FLOOR_WARM_MS = 10_000;
const FLOOR_WINDOW_MS = 60_000;

interface PerCheck {
  ms: number;
  /** The server's largest RSS sampled each second through the window, MiB. */
  rssMiB: number;
  note: string;
}

/**
 * With PER_CHECK_PROFILE_DIR set, the server runs with `--cpu-prof` into that directory and the
 * window's self time by package and file is printed; when the database preloads
 * pg_stat_statements, the window's statements per check are printed too: where a check's CPU goes.
 */
const PROFILE_DIR = process.env.PER_CHECK_PROFILE_DIR?.trim();
/** With PER_CHECK_HEAP_DIR set, the server's heap is written there after the window, and summarized. */
const HEAP_DIR = process.env.PER_CHECK_HEAP_DIR?.trim();

/** CPU per check performed with `count` HTTP monitors at 20 s on the built-in prober of a real server. */
async function perCheckMs(runtime: Runtime, count: number, url: string, proberId: number): Promise<PerCheck> {
  const tag = `bench-per-check-${count}`;
  await seedMonitors(runtime, tag, count, 20, url, { existingProberIds: [proberId] });
  const statements = await statementStats(runtime);
  const profileDir = PROFILE_DIR ? path.resolve(PROFILE_DIR, `per-check-${count}`) : undefined;
  const heapDir = HEAP_DIR ? path.resolve(HEAP_DIR, `per-check-${count}`) : undefined;
  let window = { from: 0, to: 0 };
  let checks = 0;
  let heapFile: string | undefined;
  try {
    const figure = await withServer(
      runtime,
      async (server, cpuNow) => {
        // The first stats line ends the minute that spreads the monitors over their slots.
        await nextStatsLine(server, 0);
        await statements?.reset();
        const pid = server.child.pid as number;
        const threads0 = threadCpuSeconds(pid);
        const postgres0 = postgresCpuSeconds(databaseOf(runtime));
        const cpu0 = cpuNow();
        window = { from: profileClockNow(), to: 0 };
        const first = (proberStatsLines(server)[0] as { stats: { produced: number } }).stats;
        let rssMiB = 0;
        const sampler = setInterval(() => {
          rssMiB = Math.max(rssMiB, processUsage(server.child.pid as number).rssMiB);
        }, 1000);
        const { stats } = await nextStatsLine(server, 1).finally(() => clearInterval(sampler));
        const cpu = cpuNow() - cpu0;
        window.to = profileClockNow();
        checks = stats.produced - first.produced;
        console.log(`per-check ${count}: CPU per check by place, µs (user + system)`);
        console.log(
          `  PostgreSQL backends ${(((postgresCpuSeconds(databaseOf(runtime)) - postgres0) / checks) * 1e6).toFixed(0)}`,
        );
        for (const [name, used] of threadCpuSeconds(pid)) {
          const before = threads0.get(name) ?? { user: 0, system: 0 };
          const [user, system] = [used.user - before.user, used.system - before.system].map((s) => (s / checks) * 1e6);
          if ((user ?? 0) + (system ?? 0) > 0)
            console.log(`  server ${name}: ${user?.toFixed(0)} + ${system?.toFixed(0)}`);
        }
        const lost = stats.scheduler.skipped + stats.scheduler.missed + stats.dropped;
        if (lost) throw new Error(`${count} monitors: ${lost} checks lost`);
        if (statements) console.log(`per-check ${count}:\n${statementsPerCheck(await statements.read(), checks)}`);
        // After the window: writing the heap stops the server for seconds.
        if (heapDir) heapFile = await takeHeapSnapshot(pid, heapDir);
        return { ms: (cpu / checks) * 1000, rssMiB, note: `${checks} checks in 60 s` };
      },
      [
        ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
        ...(heapDir ? heapSnapshotArguments(heapDir) : []),
      ],
    );
    if (profileDir) printProfile(profileDir, count, window);
    if (heapFile) printHeap(heapFile, count);
    return figure;
  } finally {
    // Unassigned, so the next size (and later benchmarks) see only their own monitors.
    await runtime.context.db.execute(sql`
      DELETE FROM monitor_probers WHERE monitor_id IN (SELECT id FROM monitors WHERE token LIKE ${`${tag}-%`})`);
  }
}

function printProfile(dir: string, count: number, window: { from: number; to: number }) {
  // One file per thread: the main one (`…<pid>.0.…`) and any other the server runs.
  for (const file of fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .sort()) {
    console.log(`per-check ${count}: self time in the window, ${path.join(dir, file)}`);
    for (const line of summarizeProfile(path.join(dir, file), window.from, window.to))
      console.log(`  ${line.share.toFixed(1).padStart(5)} %  ${line.where}`);
  }
}

function printHeap(file: string, count: number) {
  const { totalMiB, lines } = summarizeHeapSnapshot(file);
  console.log(`per-check ${count}: heap after the window, ${totalMiB.toFixed(1)} MiB live, ${file}`);
  for (const line of lines)
    console.log(`  ${line.mib.toFixed(2).padStart(7)} MiB ${String(line.count).padStart(8)}  ${line.what}`);
}

export async function perCheckBenchmark(runtime: Runtime): Promise<Figure[]> {
  const target = await startTargetProcess();
  try {
    const builtin = await ensureBuiltinProber(runtime.context, {
      name: 'Local',
      countryCode: 'IR',
      datacenter: 'Local',
    });
    // The floor at each size's rate (monitors ÷ 20 s), before the servers run: nothing else on the machine.
    const floors = new Map<number, number>();
    const figures: Figure[] = [];
    for (const count of [500, 2_000]) {
      const perSecond = count / 20;
      const { ms, gets } = await pacedGetFloorMs(target.url, perSecond, FLOOR_WARM_MS, FLOOR_WINDOW_MS);
      floors.set(count, ms);
      figures.push({
        name: `CPU per bare http.get at ${perSecond}/s, fresh connection (the floor)`,
        value: ms,
        unit: 'ms',
        target: 'reference',
        met: true,
        note: `a bare Node process doing only these gets, paced; ${gets} in ${FLOOR_WINDOW_MS / 1000} s; same target`,
      });
    }
    const floor = floors.get(500) as number;
    // Issue 35, against the floor at 25/s (500 monitors' rate): at 500 ≤ 1.4×; at 2,000 no worse than the 0.97× before it.
    for (const [count, ratio, rssLimit] of [
      [500, 1.4, null],
      [2_000, 1.0, 150],
    ] as const) {
      const { ms, rssMiB, note } = await perCheckMs(runtime, count, target.url, builtin.id);
      figures.push(
        {
          name: `CPU per check, ${count} HTTP monitors at 20 s (server + PostgreSQL)`,
          value: ms,
          unit: 'ms',
          target: `≤ ${ratio}× the floor (${(floor * ratio).toFixed(2)} ms)`,
          met: ms <= floor * ratio,
          note: `${note}; ${(ms / floor).toFixed(2)}× the floor at 25/s, ${(ms / (floors.get(count) as number)).toFixed(2)}× the floor at its own rate, same run`,
        },
        {
          name: `server RSS, ${count} HTTP monitors at 20 s (max in the window)`,
          value: rssMiB,
          unit: 'MiB',
          target: rssLimit ? `≤ ${rssLimit} MiB` : 'reference',
          met: rssLimit ? rssMiB <= rssLimit : true,
          note: 'sampled every second from /proc through the measured minute',
        },
      );
    }
    return figures;
  } finally {
    await target.stop();
  }
}
