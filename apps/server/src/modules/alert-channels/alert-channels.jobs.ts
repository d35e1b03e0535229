import type { ServiceContext } from '../../context';
import { deleteVerificationsExpiredBefore } from './verifications.repository';
import { verifyNewWebhook, WEBHOOK_VERIFY_QUEUE, type WebhookVerificationJob } from './webhook-channel.service';

const CLEANUP_QUEUE = 'alert-channels.cleanup';
/** Spent and expired proofs are kept a day, then deleted. */
const KEEP_EXPIRED_MS = 24 * 60 * 60 * 1000;

/** Drops proofs that expired more than a day ago: they can verify nothing. */
export function removeStaleVerifications(context: ServiceContext): Promise<void> {
  return deleteVerificationsExpiredBefore(context.db, new Date(context.now().getTime() - KEEP_EXPIRED_MS));
}

/**
 * Workers of channel verification: the test delivery of webhooks added through the profile, and
 * the hourly cleanup of old proofs.
 */
export async function registerAlertChannelWorkers(context: ServiceContext): Promise<void> {
  await context.jobs.work<WebhookVerificationJob>(WEBHOOK_VERIFY_QUEUE, (job) => verifyNewWebhook(context, job), {
    concurrency: 2,
  });
  await context.jobs.work(CLEANUP_QUEUE, () => removeStaleVerifications(context));
  await context.jobs.schedule(CLEANUP_QUEUE, '23 * * * *');
}
