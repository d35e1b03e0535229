import type { ServiceContext } from '../../context';
import { AlertServiceError } from '../alert-clients/alert-clients.errors';
import {
  type ClaimedNotification,
  claimNotification,
  failInterrupted,
  findOverduePending,
  markFailed,
  markRetrying,
  markSent,
} from './alert-delivery.repository';
import { alertSenders } from './alert-senders';
import { ALERT_DELIVER_QUEUE, MAX_DELIVERY_ATTEMPTS } from './alerts.queues';
import { forgetBlockedChat } from './blocked-chats';

/** A retry_after longer than this is not waited for: the alert would be stale. */
const MAX_RETRY_AFTER_SECONDS = 30 * 60;

export function enqueueDelivery(
  context: ServiceContext,
  notificationId: number,
  options: { startAfterSeconds?: number } = {},
  transaction?: Parameters<ServiceContext['jobs']['send']>[3],
): Promise<void> {
  return context.jobs.send(ALERT_DELIVER_QUEUE, { notificationId }, { retryLimit: 3, ...options }, transaction);
}

function asDeliveryError(error: unknown): AlertServiceError {
  if (error instanceof AlertServiceError) return error;
  return new AlertServiceError({
    service: 'webhook',
    kind: 'network',
    reason: 'an unexpected error',
    retryable: true,
    cause: error,
  });
}

/** Seconds before the next attempt: the configured delay, four times that for the third, or what the service asked. */
function retryDelaySeconds(context: ServiceContext, attempt: number, error: AlertServiceError): number {
  const backoff = context.config.ALERT_RETRY_DELAY_SECONDS * 4 ** (attempt - 1);
  return Math.max(backoff, error.retryAfterSeconds ?? 0);
}

async function recordFailure(context: ServiceContext, notification: ClaimedNotification, error: AlertServiceError) {
  await forgetBlockedChat(context, notification.userId, notification.recipient, error);
  const canRetry =
    error.retryable &&
    notification.attempt < MAX_DELIVERY_ATTEMPTS &&
    (error.retryAfterSeconds ?? 0) <= MAX_RETRY_AFTER_SECONDS;
  if (!canRetry) {
    const tries = notification.attempt > 1 ? ` after ${notification.attempt} attempts` : '';
    await markFailed(context.db, notification.id, `Not sent${tries}: ${error.reason}.`);
    return;
  }
  const delay = retryDelaySeconds(context, notification.attempt, error);
  await context.runInTransaction(async (transaction) => {
    await markRetrying(
      transaction.db,
      notification.id,
      `Attempt ${notification.attempt} failed (${error.reason}); trying again.`,
      new Date(context.now().getTime() + delay * 1000),
    );
    await enqueueDelivery(context, notification.id, { startAfterSeconds: delay }, transaction);
  });
}

/**
 * Sends one notification at most once: it is claimed (committed) before the send, so neither a
 * repeated job nor a second worker can send it again; a retryable failure puts it back with a
 * new job due after the backoff (or the service's retry_after); the last failure ends it as not
 * sent with the reason.
 */
export async function deliverNotification(context: ServiceContext, notificationId: number): Promise<void> {
  const notification = await claimNotification(context.db, notificationId, context.now());
  if (!notification) return;
  let sentMessage: string;
  try {
    sentMessage = await alertSenders[notification.notificationType](context, notification);
  } catch (error) {
    await recordFailure(context, notification, asDeliveryError(error));
    return;
  }
  await markSent(context.db, notification.id, sentMessage, context.now());
}

export const INTERRUPTED_TEXT =
  'Not sent: delivery was interrupted by a server restart, and it is not repeated so that it cannot arrive twice.';

/**
 * The safety net, every minute: re-enqueues pending notifications whose job is overdue (lost with
 * a crashed worker; the claim keeps a duplicate job harmless) and ends sends a dead process left.
 */
export async function sweepDeliveries(context: ServiceContext): Promise<void> {
  const now = context.now().getTime();
  const overdue = await findOverduePending(context.db, new Date(now - 60_000), 500);
  for (const id of overdue) await enqueueDelivery(context, id);
  // A live send ends within the webhook timeout, the other clients' 10 s or the mail transport's 30 s; two minutes more is plenty.
  const interruptedBefore = new Date(now - context.config.WEBHOOK_TIMEOUT_MS - 120_000);
  await failInterrupted(context.db, interruptedBefore, INTERRUPTED_TEXT);
}
