import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { startJobQueue } from '../apps/server/src/jobs/job-queue';
import { ALERT_DISPATCH_QUEUE } from '../apps/server/src/modules/alerts/alerts.queues';
import type { Runtime } from '../apps/server/src/runtime';
import { createScratchDatabase } from '../apps/server/test/scratch-database';
import type { ServerProcess } from '../apps/server/test/server-process';
import { withServer, withServerOn } from './support/bench-server';
import type { Figure } from './support/figures';

/**
 * A real server process at rest, as `npm start` runs it: its CPU plus its PostgreSQL backends'
 * (from /proc) as % of one core, with no monitors at all, and with the demo account kept current
 * (its minute job writing the demo's checks) and no other monitors — issue 35's ≤ 1 %. Beside the
 * latter, how soon a queued alert starts: jobs of the alert dispatcher's queue sent as an alert's
 * transaction sends them, from `created_on` to `started_on` (< 1 s).
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SETTLE_MS = 15_000;
/** Two minutes: two of the demo's minute runs in every window, wherever it starts. */
const WINDOW_MS = 120_000;
const ALERT_SAMPLES = 5;
const DEMO_SEEDED_LOG = 'demo account seeded with 90 days of history';
const DEMO_SEED_WAIT_MS = 10 * 60_000;

async function shareOver(cpuNow: () => number): Promise<number> {
  await sleep(SETTLE_MS);
  const cpu0 = cpuNow();
  await sleep(WINDOW_MS);
  return ((cpuNow() - cpu0) / (WINDOW_MS / 1000)) * 100;
}

async function waitForDemoSeed(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + DEMO_SEED_WAIT_MS;
  while (!server.output().includes(DEMO_SEEDED_LOG)) {
    if (Date.now() > deadline) throw new Error(`the demo was not seeded within ${DEMO_SEED_WAIT_MS / 60_000} min`);
    await sleep(500);
  }
}

/** Sends dispatcher jobs one at a time, each once the one before has started; ms from queued to started. */
async function alertStartMs(databaseUrl: string): Promise<number[]> {
  const jobs = await startJobQueue({ databaseUrl, logger: pino({ level: 'warn' }), runWorkers: false });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const waits: number[] = [];
    for (let index = 0; index < ALERT_SAMPLES; index += 1) {
      const { rows } = await client.query<{ at: Date }>('SELECT clock_timestamp() AS at');
      const sentAfter = rows[0]?.at as Date;
      await jobs.send(ALERT_DISPATCH_QUEUE, {}, { retryLimit: 0 });
      for (;;) {
        const found = await client.query<{ ms: number | null }>(
          `SELECT (extract(epoch FROM started_on - created_on) * 1000)::float8 AS ms FROM pgboss.job
           WHERE name = $1 AND created_on >= $2 ORDER BY created_on DESC LIMIT 1`,
          [ALERT_DISPATCH_QUEUE, sentAfter],
        );
        const ms = found.rows[0]?.ms;
        if (ms !== null && ms !== undefined) {
          waits.push(ms);
          break;
        }
        await sleep(50);
      }
      // Apart, as alerts come: each finds the workers idle again.
      await sleep(5_000);
    }
    return waits;
  } finally {
    await client.end();
    await jobs.stop();
  }
}

export async function idleBenchmark(runtime: Runtime): Promise<Figure[]> {
  const monitors = (
    await runtime.context.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM monitor_probers`)
  ).rows[0]?.n;
  if (monitors) throw new Error(`idle needs a database without monitors; it has ${monitors} assignments`);
  const bare = await withServer(runtime, (_server, cpuNow) => shareOver(cpuNow));

  // The demo seeds its own database: 90 days of history, then its minute job keeps it current.
  const demoDatabase = await createScratchDatabase(runtime.context.config.DATABASE_URL ?? '', 'paydar_bench_demo');
  try {
    const { share, waits } = await withServerOn(
      demoDatabase.url,
      async (server, cpuNow) => {
        await waitForDemoSeed(server);
        const share = await shareOver(cpuNow);
        return { share, waits: await alertStartMs(demoDatabase.url) };
      },
      { environment: { DEMO_DATA_ENABLED: 'true' } },
    );
    const sorted = [...waits].sort((a, b) => a - b);
    const worst = sorted.at(-1) ?? Number.NaN;
    const window = `${WINDOW_MS / 1000} s after ${SETTLE_MS / 1000} s of settling; the real process as npm start runs it`;
    return [
      {
        name: 'idle, no monitors: CPU of server + PostgreSQL',
        value: bare,
        unit: '% of a core',
        target: '≤ 1 %',
        met: bare <= 1,
        note: window,
      },
      {
        name: 'idle, demo kept current, no other monitors: CPU of server + PostgreSQL',
        value: share,
        unit: '% of a core',
        target: '≤ 1 %',
        met: share <= 1,
        note: `${window}, once the demo's 90 days were seeded`,
      },
      {
        name: 'a queued alert starts (dispatcher job, queued → started), worst of 5',
        value: worst,
        unit: 'ms',
        target: '< 1000 ms',
        met: worst < 1000,
        note: `at idle with the demo; all: ${sorted.map((ms) => ms.toFixed(0)).join(', ')} ms`,
      },
    ];
  } finally {
    await demoDatabase.drop();
  }
}
