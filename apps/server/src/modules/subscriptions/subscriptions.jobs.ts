import type { ServiceContext } from '../../context';
import { registerPeriodicJob } from '../../jobs/periodic-job';
import { runSubscriptionExpiry } from './expiry.service';

export const SUBSCRIPTION_EXPIRY_QUEUE = 'subscriptions.expiry';

/**
 * Every 10 minutes, and once at start so a plan that ended while no server ran is handled at
 * once: three-day notices, renewals and moves to Free (expiry.service.ts). pg-boss hands each run
 * to one worker; two runs at once (two replicas starting) are safe anyway.
 */
export async function registerSubscriptionJobs(context: ServiceContext): Promise<void> {
  await registerPeriodicJob(context.jobs, SUBSCRIPTION_EXPIRY_QUEUE, '*/10 * * * *', () =>
    runSubscriptionExpiry(context),
  );
}
