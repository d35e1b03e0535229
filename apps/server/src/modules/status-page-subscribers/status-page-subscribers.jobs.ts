import type { ServiceContext } from '../../context';
import { registerPeriodicJob } from '../../jobs/periodic-job';
import { pruneUnconfirmed } from './status-page-subscribers.repository';
import { CONFIRM_LIFETIME_MS } from './subscribe.service';
import { NOTICE_QUEUED_KIND } from './subscriber-notices';
import { drainSubscriberNotices } from './subscriber-notices.drain';
import { pruneNotices } from './subscriber-notices.retention';

/**
 * Every minute (once per cluster) and at start: what a lost NOTIFY or a stop left is queued; expired
 * sign-ups forgotten; notices past their time pruned (subscriber-notices.retention.ts).
 */
export const SUBSCRIBER_NOTICES_SWEEP_QUEUE = 'status-page-subscribers.sweep';

interface Logger {
  warn(object: object, message: string): void;
}

/**
 * Drains queued notices when the database announces them (on every replica that runs workers; the
 * rows' locks share the work) and on the sweep. One drain at a time in this process: a notice
 * announced during a drain runs it once more after.
 */
export async function registerSubscriberNoticeJobs(
  context: ServiceContext,
  logger: Logger,
  runWorkers: boolean,
): Promise<() => Promise<void>> {
  if (!runWorkers) return async () => undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const drain = (): void => {
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = drainSubscriberNotices(context)
      .then(() => undefined)
      .catch((error: unknown) => logger.warn({ err: error }, 'subscriber notices: drain failed; the sweep retries'))
      .finally(() => {
        running = undefined;
        if (again) drain();
      });
  };
  const unsubscribe = context.changes.subscribe((event) => {
    if (event === 'reset' || event.kind === NOTICE_QUEUED_KIND) drain();
  });
  await registerPeriodicJob(context.jobs, SUBSCRIBER_NOTICES_SWEEP_QUEUE, '* * * * *', async () => {
    await drainSubscriberNotices(context);
    await pruneUnconfirmed(context.db, new Date(context.now().getTime() - CONFIRM_LIFETIME_MS));
    await pruneNotices(context.db, context.now());
  });
  return async () => {
    unsubscribe();
    await running;
  };
}
