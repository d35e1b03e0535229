import type { ServiceContext } from '../../context';
import { allWindowIds, findWindow } from './maintenance.repository';
import { refreshWindowSpans } from './maintenance.service';
import { registerBoundaryJobs } from './maintenance-boundaries';

/** Daily: every window's spans written again from now, so the 14 days ahead are always there. */
export const MAINTENANCE_REFRESH_QUEUE = 'maintenance.refresh';

/** Rewrites every window's spans from now on, one window per transaction. */
export async function refreshAllSpans(context: ServiceContext): Promise<number> {
  let refreshed = 0;
  for (const { id, userId } of await allWindowIds(context.db)) {
    const now = context.now().getTime();
    await context.runInTransaction(async (transaction) => {
      const window = await findWindow(transaction.db, userId, id, true);
      if (window) await refreshWindowSpans(transaction.db, window, now);
    });
    refreshed += 1;
  }
  return refreshed;
}

/** The daily refresh (03:17 UTC, and once at start so a fresh install or a long stop catches up). */
export async function registerMaintenanceJobs(context: ServiceContext): Promise<void> {
  await context.jobs.work(
    MAINTENANCE_REFRESH_QUEUE,
    async () => {
      await refreshAllSpans(context);
    },
    { concurrency: 1 },
  );
  await context.jobs.schedule(MAINTENANCE_REFRESH_QUEUE, '17 3 * * *');
  await context.jobs.send(MAINTENANCE_REFRESH_QUEUE, {}, { retryLimit: 2 });
  await registerBoundaryJobs(context);
}
