import type { ServiceContext } from '../../context';
import { registerPeriodicJob } from '../../jobs/periodic-job';
import { ALERT_RULES_SWEEP_QUEUE, ALERT_RULES_WAKE_QUEUE } from './alert-rules.queues';
import { wakeDueMonitors } from './alert-rules.service';

/**
 * The alert rules' clock: a wake job sent with `startAfter` at a monitor's next wake-up, and a
 * sweep every minute and at start for wake-ups a lost job or a crash left overdue. Both run the
 * same idempotent wake, so one firing twice tells nothing twice.
 */
export async function registerAlertRuleWorkers(context: ServiceContext): Promise<void> {
  await context.jobs.work(
    ALERT_RULES_WAKE_QUEUE,
    async () => {
      await wakeDueMonitors(context);
    },
    { concurrency: 1 },
  );
  await registerPeriodicJob(context.jobs, ALERT_RULES_SWEEP_QUEUE, '* * * * *', () => wakeDueMonitors(context));
}
