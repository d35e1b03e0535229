import type { ServiceContext } from '../../context';
import type { Transaction } from '../../db/transaction';
import { registerPeriodicJob } from '../../jobs/periodic-job';
import { monitorsAtBoundary, touchStates, upcomingBoundaries } from './maintenance-spans.repository';

/**
 * A window starting or ending on schedule writes nothing by itself, so nothing would tell an open
 * dashboard until the next check. At each boundary a job touches the state rows of the monitors a
 * span of which starts or ends then: their triggers announce them, and the live streams (and the
 * cached metric answers) read them again, now inside or outside the window.
 *
 * Each boundary gets its job (sent with `startAfter`, woken on time by job-wakeups) when it comes
 * within `BOUNDARY_LOOKAHEAD_MS`: from the minutely sweep, and at once from a write of the window.
 * A boundary's job is keyed by its time, so the sweep and a write sending it twice queue it once;
 * running twice would only announce the monitors twice.
 */
export const MAINTENANCE_BOUNDARY_QUEUE = 'maintenance.boundary';
export const MAINTENANCE_BOUNDARY_SWEEP_QUEUE = 'maintenance.boundary-sweep';

/** Longer than the sweep's period plus how late a cron run may start, so no boundary falls between two sweeps. */
export const BOUNDARY_LOOKAHEAD_MS = 3 * 60_000;
/** A job woken a little early (whole seconds, another clock) waits this long at most for its boundary. */
const EARLY_WAIT_MAX_MS = 5_000;

/** Sends a job for each boundary of the next few minutes (of one window, or of all). */
export async function scheduleBoundaries(
  context: ServiceContext,
  options: { windowId?: number; transaction?: Transaction } = {},
): Promise<number> {
  const now = context.now().getTime();
  const db = options.transaction?.db ?? context.db;
  const boundaries = await upcomingBoundaries(db, now, now + BOUNDARY_LOOKAHEAD_MS, options.windowId);
  for (const at of boundaries) {
    const iso = new Date(at).toISOString();
    await context.jobs.send(
      MAINTENANCE_BOUNDARY_QUEUE,
      { at: iso },
      { singletonKey: iso, retryLimit: 2, startAfterSeconds: Math.max(0, Math.ceil((at - now) / 1000)) },
      options.transaction,
    );
  }
  return boundaries.length;
}

/** At a boundary: the monitors whose window starts or ends now are announced (their state rows touched). */
export async function passBoundary(context: ServiceContext, at: number): Promise<number> {
  const early = at - context.now().getTime();
  if (early > 0) await new Promise((wake) => setTimeout(wake, Math.min(early, EARLY_WAIT_MAX_MS)));
  return context.runInTransaction(async (transaction) => {
    const ids = await monitorsAtBoundary(transaction.db, at);
    await touchStates(transaction.db, ids);
    return ids.length;
  });
}

export async function registerBoundaryJobs(context: ServiceContext): Promise<void> {
  await context.jobs.work<{ at?: unknown }>(
    MAINTENANCE_BOUNDARY_QUEUE,
    async (data) => {
      const at = typeof data.at === 'string' ? Date.parse(data.at) : Number.NaN;
      if (Number.isFinite(at)) await passBoundary(context, at);
    },
    { concurrency: 1 },
  );
  await registerPeriodicJob(context.jobs, MAINTENANCE_BOUNDARY_SWEEP_QUEUE, '* * * * *', () =>
    scheduleBoundaries(context),
  );
}
