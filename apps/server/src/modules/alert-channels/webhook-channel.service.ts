import type { AlertChannels } from '@paydar/contracts/accounts';
import type { ServiceContext } from '../../context';
import type { Transaction } from '../../db/transaction';
import { invalidField } from '../../errors';
import { findUserById } from '../accounts/users.repository';
import { AlertServiceError } from '../alert-clients/alert-clients.errors';
import { notYourChannel } from './alert-channels.errors';
import { channelLimits } from './alert-channels.limits';
import { findChannelEntry } from './channel-entries';
import { markChannelVerified } from './channel-state';

export const WEBHOOK_VERIFY_QUEUE = 'alert-channels.verify-webhook';

export interface WebhookVerificationJob {
  userId: number;
  /** Normalized, as stored in the profile. */
  url: string;
}

/** The body of a test delivery; receivers tell it from an alert by `event`. */
export function verificationPayload(context: ServiceContext, url: string) {
  const product = context.config.PRODUCT_NAME;
  // `event` and `time` as in alert deliveries (see ../alerts/README.md), so one receiver handles both.
  return {
    event: 'verification' as const,
    time: context.now().toISOString(),
    product,
    webhook: url,
    message: `This is a test delivery from ${product}. Any 2xx answer verifies this webhook for alerts.`,
  };
}

function deliverTest(context: ServiceContext, user: { webhookSecret: string }, url: string) {
  return context.alertClients.webhooks.deliverWebhook(url, verificationPayload(context, url), user.webhookSecret);
}

/** send_token for a webhook: a signed test delivery now; a 2xx answer verifies it at once. */
export async function testWebhookNow(
  context: ServiceContext,
  user: { id: number; webhookSecret: string },
  url: string,
): Promise<AlertChannels> {
  await context.rateLimiter.consume(channelLimits.webhookTest(user.id), context.now());
  try {
    await deliverTest(context, user, url);
  } catch (error) {
    if (error instanceof AlertServiceError) throw invalidField('value', `The test delivery failed: ${error.reason}.`);
    throw error;
  }
  const state = await markChannelVerified(context, user.id, 'webhook', url);
  if (!state?.found) throw notYourChannel('webhook');
  return state.channels;
}

/** Queues the test delivery of a webhook just added to a profile; it exists only if `transaction` commits. */
export function enqueueWebhookVerification(
  context: ServiceContext,
  transaction: Transaction,
  job: WebhookVerificationJob,
): Promise<void> {
  return context.jobs.send(
    WEBHOOK_VERIFY_QUEUE,
    job,
    { retryLimit: 3, retryDelaySeconds: 30, singletonKey: `${job.userId}:${job.url}` },
    transaction,
  );
}

/**
 * The job: tests a newly added webhook unless it was removed or verified meanwhile. A failure the
 * receiver may get over (5xx, timeout) is thrown so the queue retries; a final one (4xx, refused
 * address) leaves the webhook unverified for the user to test again from Alert Center.
 */
export async function verifyNewWebhook(context: ServiceContext, job: WebhookVerificationJob): Promise<void> {
  const user = await findUserById(context.db, job.userId);
  const entry = user && findChannelEntry(user.alertChannels, 'webhook', job.url);
  if (!user || !entry || entry.is_verified) return;
  try {
    await deliverTest(context, user, job.url);
  } catch (error) {
    if (error instanceof AlertServiceError && !error.retryable) return;
    throw error;
  }
  await markChannelVerified(context, user.id, 'webhook', job.url);
}
