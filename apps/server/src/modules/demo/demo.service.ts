import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { monitors, probers } from '../../db/schema/index';
import { ensurePartitions } from '../ingest/probe-records.repository';
import {
  DEMO_ALERT_EMAIL,
  DEMO_ALERT_TELEGRAM,
  DEMO_HISTORY_DAYS,
  DEMO_MONITORS,
  DEMO_PROBERS,
  DEMO_RAW_DAYS,
} from './demo.catalogue';
import {
  ensureDemoMonitors,
  ensureDemoProbers,
  lockDemoData,
  pruneDemoRecords,
  saveWatermark,
  touchDemoProbers,
} from './demo.repository';
import { dressDemoAccount, findDemoUserId } from './demo-account.repository';
import type { DemoMonitor, DemoProber } from './demo-history';
import { ensureDemoMaintenance } from './demo-maintenance';
import { type DemoWorld, writeDemoRange } from './demo-writer';

const DAY = 86_400_000;
const MINUTE = 60_000;
/**
 * The seed writes its 90 days a day at a time (≈20 ms of computing each, where the whole took
 * over a second), giving the event loop back between days: the server answers while it seeds.
 */
const SEED_STEP = DAY;

/** The UTC days (yyyy-mm-dd) [from, to] touches: their raw-record partitions must exist first. */
function daysOf(from: number, to: number): string[] {
  const days: string[] = [];
  for (let day = Math.floor(from / DAY) * DAY; day <= to; day += DAY)
    days.push(new Date(day).toISOString().slice(0, 10));
  return days;
}

export interface SeedOutcome {
  seeded: boolean;
  ms: number;
}

/**
 * Gives the demo account its probers, monitors and 90 days of history, once: under the demo lock,
 * a second replica starting at the same time waits, then finds the history there and does nothing.
 * All of it is one transaction with the watermark that marks it done, so a stop (`signal`) or a
 * kill mid-way leaves nothing, and the next start (or the minute job) seeds it whole.
 */
export async function seedDemoData(
  context: ServiceContext,
  options: { signal?: AbortSignal } = {},
): Promise<SeedOutcome> {
  const started = performance.now();
  const to = context.now().getTime();
  const from = to - DEMO_HISTORY_DAYS * DAY;
  const rawFrom = to - DEMO_RAW_DAYS * DAY;
  // DDL runs in transactions of its own (probe-records.repository): before ours, not inside it.
  await ensurePartitions(context.db, daysOf(rawFrom, to + DAY));
  const seeded = await context.runInTransaction(async ({ db }) => {
    if (await lockDemoData(db)) return false;
    const userId = await findDemoUserId(db, context.config.DEMO_EMAIL);
    if (userId === undefined) return false;
    await dressDemoAccount(db, userId);
    const demoProbers = await ensureDemoProbers(db, DEMO_PROBERS);
    const demoMonitors = await ensureDemoMonitors(
      db,
      userId,
      DEMO_MONITORS,
      { email: DEMO_ALERT_EMAIL, telegram: DEMO_ALERT_TELEGRAM },
      demoProbers.map((prober) => prober.id),
      new Date(from),
    );
    const world = { userId, monitors: demoMonitors, probers: demoProbers };
    // Any split of time writes the same rows as one pass (README, "How the history is made").
    for (let stepFrom = from; stepFrom < to; stepFrom += SEED_STEP) {
      await nextTurn();
      options.signal?.throwIfAborted();
      await writeDemoRange(db, world, {
        from: stepFrom,
        to: Math.min(stepFrom + SEED_STEP, to),
        rawFrom: Math.max(rawFrom, stepFrom),
        isFirst: stepFrom === from,
      });
    }
    await ensureDemoMaintenance(db, userId, demoMonitors, { historyFrom: from, now: to });
    await touchDemoProbers(db, new Date(to));
    await saveWatermark(db, { generatedUntil: new Date(to), seedMs: Math.round(performance.now() - started) });
    return true;
  });
  return { seeded, ms: Math.round(performance.now() - started) };
}

/** The demo's monitors and probers as stored, matched to the catalogue by alias and name. */
async function loadWorld(db: Database, email: string): Promise<DemoWorld | undefined> {
  const userId = await findDemoUserId(db, email);
  if (userId === undefined) return undefined;
  const monitorRows = await db
    .select({ id: monitors.id, alias: monitors.alias })
    .from(monitors)
    .where(and(eq(monitors.userId, userId), eq(monitors.isDemo, true)));
  const proberRows = await db
    .select({ id: probers.id, name: probers.name })
    .from(probers)
    .where(eq(probers.isDemo, true));
  const demoMonitors: DemoMonitor[] = DEMO_MONITORS.flatMap((spec) => {
    const row = monitorRows.find((candidate) => candidate.alias === spec.alias);
    return row ? [{ id: row.id, spec }] : [];
  });
  const demoProbers: DemoProber[] = DEMO_PROBERS.flatMap((spec) => {
    const row = proberRows.find((candidate) => candidate.name === spec.name);
    return row ? [{ id: row.id, spec }] : [];
  });
  return { userId, monitors: demoMonitors, probers: demoProbers };
}

/**
 * A demo seeded before a monitor joined the catalogue (the heartbeat, issue 17) gets it, with the
 * history the seed would have given it up to the watermark: the demo's other monitors have theirs,
 * and the append after this one brings them all to now together. Nothing when none is missing.
 */
async function addMissingMonitors(
  db: Database,
  world: DemoWorld,
  range: { until: number; now: number },
): Promise<DemoWorld> {
  const missing = DEMO_MONITORS.filter((spec) => !world.monitors.some((monitor) => monitor.spec.key === spec.key));
  if (!missing.length) return world;
  const from = range.until - DEMO_HISTORY_DAYS * DAY;
  const added = await ensureDemoMonitors(
    db,
    world.userId,
    missing,
    { email: DEMO_ALERT_EMAIL, telegram: DEMO_ALERT_TELEGRAM },
    world.probers.map((prober) => prober.id),
    new Date(from),
  );
  // Raw records for the days the append keeps them (their partitions exist), rollups before.
  const rawFrom = range.now - DEMO_RAW_DAYS * DAY;
  await writeDemoRange(db, { ...world, monitors: added }, { from, to: range.until, rawFrom, isFirst: true });
  const monitors = DEMO_MONITORS.flatMap((spec) =>
    [...world.monitors, ...added].filter((monitor) => monitor.spec === spec),
  );
  return { ...world, monitors };
}

/**
 * Appends the demo's checks from the watermark to now (at most the history's length after a long
 * stop), under the demo lock: a second run at the same time waits and then has nothing to add.
 */
export async function advanceDemoData(context: ServiceContext): Promise<{ from: number; to: number } | undefined> {
  // To the whole minute (a demo monitor checks at most once a minute): runs of the same minute on
  // two replicas end at the same instant, so the one that waited for the lock finds nothing to add
  // rather than a slice of the milliseconds between the two clocks' readings.
  const to = Math.floor(context.now().getTime() / MINUTE) * MINUTE;
  await ensurePartitions(context.db, daysOf(to - DEMO_RAW_DAYS * DAY, to));
  return context.runInTransaction(async ({ db }) => {
    const watermark = await lockDemoData(db);
    if (!watermark) return undefined;
    const loaded = await loadWorld(db, context.config.DEMO_EMAIL);
    if (!loaded) return undefined;
    const world = await addMissingMonitors(db, loaded, { until: watermark.generatedUntil.getTime(), now: to });
    // A demo seeded before it had maintenance windows gets them now (once: nothing when it has some).
    await ensureDemoMaintenance(db, world.userId, world.monitors, {
      historyFrom: to - DEMO_HISTORY_DAYS * DAY,
      now: to,
    });
    const from = Math.max(watermark.generatedUntil.getTime(), to - DEMO_HISTORY_DAYS * DAY);
    if (to <= from) return undefined;
    const rawFrom = Math.max(from, to - DEMO_RAW_DAYS * DAY);
    await writeDemoRange(db, world, { from, to, rawFrom, isFirst: false });
    await pruneDemoRecords(
      db,
      world.monitors.map((monitor) => monitor.id),
      new Date(to - (DEMO_RAW_DAYS + 1) * DAY),
    );
    await touchDemoProbers(db, new Date(to));
    await saveWatermark(db, { generatedUntil: new Date(to) });
    return { from, to };
  });
}
