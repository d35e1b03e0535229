import type { AlertChannels } from '@paydar/contracts/accounts';
import type { ChatWebhookType } from '@paydar/contracts/alert-channels';
import type { ServiceContext } from '../../context';
import { type AlertFacts, NO_MONITOR } from '../../db/schema/notifications';
import type { Transaction } from '../../db/transaction';
import { invalidField } from '../../errors';
import { findUserById, type UserRow } from '../accounts/users.repository';
import { AlertServiceError } from '../alert-clients/alert-clients.errors';
import { chatMessageOf } from '../alerts/chat-messages';
import { notYourChannel } from './alert-channels.errors';
import { channelLimits } from './alert-channels.limits';
import { findChannelEntry } from './channel-entries';
import { markChannelVerified } from './channel-state';

export const WEBHOOK_VERIFY_QUEUE = 'alert-channels.verify-webhook';

/** The channel types verified by a test delivery to their URL. */
export type WebhookLikeType = 'webhook' | ChatWebhookType;

export interface WebhookVerificationJob {
  userId: number;
  /** Normalized, as stored in the profile. */
  url: string;
  /** Which list the URL is in; jobs queued before chat webhooks existed have none and mean `webhook`. */
  type?: WebhookLikeType;
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

type TestedUser = Pick<UserRow, 'webhookSecret' | 'timeZone' | 'calendar'>;

/**
 * The test delivery: signed JSON to a webhook; to Slack, Discord or Mattermost a test message in
 * the service's own format (a verification payload would be refused as an invalid message).
 */
async function deliverTest(context: ServiceContext, user: TestedUser, type: WebhookLikeType, url: string) {
  if (type === 'webhook') {
    await context.alertClients.webhooks.deliverWebhook(url, verificationPayload(context, url), user.webhookSecret);
    return;
  }
  const facts: AlertFacts = {
    kind: 'test',
    at: context.now().toISOString(),
    monitor: NO_MONITOR,
    downtime: null,
    reason: null,
    timeZone: user.timeZone,
    calendar: user.calendar,
  };
  await context.alertClients.chatWebhooks.post(type, url, chatMessageOf(type, facts, context.config));
}

/** send_token for a webhook (or a Slack, Discord, Mattermost one): a test delivery now; a 2xx answer verifies it at once. */
export async function testWebhookNow(
  context: ServiceContext,
  user: { id: number } & TestedUser,
  url: string,
  type: WebhookLikeType = 'webhook',
): Promise<AlertChannels> {
  await context.rateLimiter.consume(channelLimits.webhookTest(user.id), context.now());
  try {
    await deliverTest(context, user, type, url);
  } catch (error) {
    if (error instanceof AlertServiceError) throw invalidField('value', `The test delivery failed: ${error.reason}.`);
    throw error;
  }
  const state = await markChannelVerified(context, user.id, type, url);
  if (!state?.found) throw notYourChannel(type);
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
    { retryLimit: 3, retryDelaySeconds: 30, singletonKey: `${job.userId}:${job.type ?? 'webhook'}:${job.url}` },
    transaction,
  );
}

/**
 * The job: tests a newly added webhook unless it was removed or verified meanwhile. A failure the
 * receiver may get over (5xx, timeout) is thrown so the queue retries; a final one (4xx, refused
 * address) leaves the webhook unverified for the user to test again from Alert Center.
 */
export async function verifyNewWebhook(context: ServiceContext, job: WebhookVerificationJob): Promise<void> {
  const type = job.type ?? 'webhook';
  const user = await findUserById(context.db, job.userId);
  const entry = user && findChannelEntry(user.alertChannels, type, job.url);
  if (!user || !entry || entry.is_verified) return;
  try {
    await deliverTest(context, user, type, job.url);
  } catch (error) {
    if (error instanceof AlertServiceError && !error.retryable) return;
    throw error;
  }
  await markChannelVerified(context, user.id, type, job.url);
}
