import { sql } from 'drizzle-orm';
import { ALERT_DISPATCH_QUEUE } from '../apps/server/src/modules/alerts/alerts.queues';
import { ensureBuiltinProber } from '../apps/server/src/modules/probers/probers.service';
import type { Runtime } from '../apps/server/src/runtime';
import { slotOffsetMs } from '../packages/checks/src/slots';
import { seedMonitors } from './scale.bench';
import { withServer } from './support/bench-server';
import { type Figure, percentile } from './support/figures';
import { startTarget, type Target } from './support/target';

/**
 * "First failed check → monitor down" (issue 13): a real server process with its built-in prober
 * checks loopback monitors whose target turns from 200 to 500. The figure runs from the first
 * failed check's own time (its probe record) to the committed down transition: its monitor_events
 * row, written with the downtime and with the alert-dispatch job in one transaction (checked for
 * every sample). Recovery the same way, from the first successful check to the 'up' event.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const OUTAGES = 5;
const TARGET_MS = 10_000;
/** Monitors at 300 s seeded so that OUTAGES of them have a slot soon: a 300 s period per outage would take 25 min. */
const LONG_PERIOD_MONITORS = 30;
/** The server's start-up and first assignment load happen before this, so a slot after it is checked. */
const FIRST_SLOT_AFTER_MS = 20_000;
const WAIT_LIMIT_MS = 120_000;

interface Sample {
  /** From the first failed (or, for recovery, successful) check's time to the event's commit, ms. */
  ms: number;
}

/** Polls until `read` returns a value, or throws after WAIT_LIMIT_MS. */
async function waitFor<T>(what: string, read: () => Promise<T | undefined>, limitMs = WAIT_LIMIT_MS): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`detect: no ${what} within ${limitMs / 1000} s`);
    await sleep(100);
  }
}

/**
 * The monitor's first check after `after` with this outcome, and the event of `kind` following
 * it: the time between them, once the alert-dispatch job of the event's transaction exists.
 */
async function measure(
  runtime: Runtime,
  monitorId: number,
  kind: 'down' | 'up',
  after: Date,
  limitMs = WAIT_LIMIT_MS,
): Promise<Sample> {
  const { db } = runtime.context;
  const row = await waitFor(
    `${kind} event of monitor ${monitorId}`,
    async () => {
      const result = await db.execute<{ check_ms: number; event_ms: number; jobs: number }>(sql`
      SELECT (extract(epoch FROM r.time) * 1000)::float8 AS check_ms,
        (extract(epoch FROM e.created_at) * 1000)::float8 AS event_ms,
        (SELECT count(*)::int FROM pgboss.job j WHERE j.name = ${ALERT_DISPATCH_QUEUE} AND j.created_on = e.created_at)
          AS jobs
      FROM monitor_events e,
        LATERAL (SELECT time FROM probe_records WHERE monitor_id = e.monitor_id AND time >= ${after.toISOString()}
          AND success = ${kind === 'up'} ORDER BY time LIMIT 1) r
      WHERE e.monitor_id = ${monitorId} AND e.kind = ${kind} AND e.created_at >= ${after.toISOString()}`);
      return result.rows[0];
    },
    limitMs,
  );
  if (!row.jobs) throw new Error(`detect: the ${kind} event of monitor ${monitorId} queued no alert job`);
  return { ms: row.event_ms - row.check_ms };
}

const monitorIds = async (runtime: Runtime, tag: string) =>
  (
    await runtime.context.db.execute<{ id: number }>(
      sql`SELECT id FROM monitors WHERE token LIKE ${`${tag}-%`} ORDER BY id`,
    )
  ).rows.map((row) => row.id);

/** Seeds `count` monitors at `period` on the built-in prober, each on its own path of the target. */
async function seed(runtime: Runtime, target: Target, tag: string, count: number, period: number, proberId: number) {
  await seedMonitors(runtime, tag, count, period, target.url, { existingProberIds: [proberId] });
  await runtime.context.db.execute(sql`UPDATE monitors SET url = url || '-' || id WHERE token LIKE ${`${tag}-%`}`);
  return monitorIds(runtime, tag);
}

const pathOf = (target: Target, monitorId: number) => `${new URL(target.url).pathname}-${monitorId}`;

/** OUTAGES outages of one 20 s monitor in turn, each until confirmed down and then up again. */
async function shortPeriodOutages(runtime: Runtime, target: Target, monitorId: number) {
  const down: Sample[] = [];
  const up: Sample[] = [];
  const { db } = runtime.context;
  await waitFor('first successful check', async () => {
    const result = await db.execute(sql`
      SELECT 1 FROM monitor_states WHERE monitor_id = ${monitorId} AND NOT is_down AND last_check_at IS NOT NULL`);
    return result.rows[0];
  });
  for (let outage = 0; outage < OUTAGES; outage += 1) {
    const failFrom = new Date();
    target.answer(pathOf(target, monitorId), 500);
    down.push(await measure(runtime, monitorId, 'down', failFrom));
    const recoverFrom = new Date();
    target.answer(pathOf(target, monitorId), 200);
    up.push(await measure(runtime, monitorId, 'up', recoverFrom));
  }
  return { down, up };
}

/**
 * One outage each of the OUTAGES 300 s monitors whose slots come first after the server's start:
 * their targets fail from the start, so each one's first check is its first failure.
 */
async function longPeriodOutages(runtime: Runtime, target: Target, ids: number[], startedAt: Date) {
  const periodMs = 300_000;
  const firstSlot = (id: number) => {
    const offset = slotOffsetMs(id, periodMs);
    const from = startedAt.getTime() + FIRST_SLOT_AFTER_MS;
    return offset + Math.ceil((from - offset) / periodMs) * periodMs;
  };
  const chosen = [...ids].sort((a, b) => firstSlot(a) - firstSlot(b)).slice(0, OUTAGES);
  for (const id of chosen) target.answer(pathOf(target, id), 500);
  const limit = Math.max(...chosen.map(firstSlot)) - Date.now() + WAIT_LIMIT_MS;
  return Promise.all(chosen.map((id) => measure(runtime, id, 'down', startedAt, limit)));
}

function figure(name: string, samples: Sample[], note: string): Figure {
  const values = samples.map((sample) => sample.ms / 1000);
  const max = Math.max(...values);
  return {
    name,
    value: percentile(values, 50),
    unit: 's (median)',
    target: `≤ ${TARGET_MS / 1000} s`,
    met: max <= TARGET_MS / 1000,
    note: `max ${max.toFixed(2)} s over ${values.length} outages; ${note}`,
  };
}

export async function detectBenchmark(runtime: Runtime): Promise<Figure[]> {
  const target = await startTarget();
  const builtin = await ensureBuiltinProber(runtime.context, { name: 'Local', countryCode: 'IR', datacenter: 'Local' });
  const short = await seed(runtime, target, 'bench-detect-20', 1, 20, builtin.id);
  const long = await seed(runtime, target, 'bench-detect-300', LONG_PERIOD_MONITORS, 300, builtin.id);
  try {
    return await withServer(runtime, async () => {
      const startedAt = new Date();
      const [shortSamples, longSamples] = await Promise.all([
        shortPeriodOutages(runtime, target, short[0] as number),
        longPeriodOutages(runtime, target, long, startedAt),
      ]);
      const built = 'real server process, its built-in prober alone, loopback target 200 → 500';
      return [
        figure('first failed check → monitor down, period 20 s', shortSamples.down, `${built}; alert job queued`),
        figure('first failed check → monitor down, period 300 s', longSamples, `${built}; alert job queued`),
        figure('first good check → monitor up, period 20 s', shortSamples.up, `${built}; 500 → 200`),
      ];
    });
  } finally {
    await target.stop();
    await runtime.context.db.execute(sql`
      DELETE FROM monitor_probers WHERE monitor_id IN (SELECT id FROM monitors WHERE token LIKE 'bench-detect-%')`);
  }
}
