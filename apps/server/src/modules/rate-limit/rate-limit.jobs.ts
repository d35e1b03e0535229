import type { ServiceContext } from '../../context';
import { deleteWindowsBefore } from './rate-limit.repository';

const CLEANUP_QUEUE = 'rate-limit.cleanup';
const KEEP_MS = 24 * 60 * 60 * 1000;

/** Hourly: counters of windows that ended more than a day ago are deleted. */
export async function registerRateLimitCleanup(context: ServiceContext): Promise<void> {
  await context.jobs.work(CLEANUP_QUEUE, () =>
    deleteWindowsBefore(context.db, new Date(context.now().getTime() - KEEP_MS)),
  );
  await context.jobs.schedule(CLEANUP_QUEUE, '17 * * * *');
}
