import type { AlertChannelType, TestChannelResponse, testChannelBody } from '@paydar/contracts/alert-channels';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Caller, ServiceContext } from '../../context';
import type { AlertFacts } from '../../db/schema/notifications';
import { NO_MONITOR } from '../../db/schema/notifications';
import { refuseDemo } from '../../demo-guard';
import { AppError, invalidField, notAuthenticated, notFound } from '../../errors';
import { findChannelEntry } from '../alert-channels/channel-entries';
import { AlertServiceError } from '../alert-clients/alert-clients.errors';
import { FREE_PLAN_NAME, planCatalogue } from '../plans/plans.catalogue';
import type { RateLimitRule } from '../rate-limit/rate-limiter';
import { markFailed, markSent } from './alert-delivery.repository';
import { countNotificationsThisMonth } from './alert-dispatch.repository';
import { alertSenders } from './alert-senders';
import { forgetBlockedChat } from './blocked-chats';
import { insertTestNotification, lockTestOwner } from './channel-test.repository';

type TestInput = z.infer<typeof testChannelBody>;
type TestNotificationType = TestChannelResponse['notification_type'];

/** A phone's test is an SMS: a call would ring someone for nothing. */
const NOTIFICATION_TYPE: Record<AlertChannelType, TestNotificationType> = {
  email: 'email',
  phone: 'sms',
  telegram: 'telegram',
  bale: 'bale',
  webhook: 'webhook',
  slack: 'slack',
  discord: 'discord',
  mattermost: 'mattermost',
};

/** Each test is a message from our servers to an address the user chose, and costs an SMS or a mail. */
export const channelTestLimits = (userId: number): RateLimitRule[] => [
  { key: `channel-test:user:${userId}`, limit: 5, windowSeconds: 60 },
];

const FREE_PLAN = planCatalogue.find((plan) => plan.name === FREE_PLAN_NAME)?.description;

export const TEST_IN_FLIGHT_TEXT = 'A test message to this channel is being sent. Wait for its outcome.';

/** The test's history row, refused at once when the month's allowance is used up. */
async function recordTest(
  context: ServiceContext,
  caller: Caller,
  input: TestInput,
): Promise<{
  id: number;
  notificationType: TestNotificationType;
  recipient: string;
  facts: AlertFacts;
  secret: string;
  refused?: string;
}> {
  return context.runInTransaction(async (transaction) => {
    const owner = await lockTestOwner(transaction.db, caller.userId);
    if (!owner) throw notAuthenticated();
    const entry = findChannelEntry(owner.channels, input.type, input.value);
    // Someone else's channel and nobody's read the same: not found among the caller's.
    if (!entry) throw notFound('This channel is not in your alert channels.');
    if (!entry.is_verified)
      throw invalidField('value', 'Verify this channel first: only verified channels get messages.');
    const now = context.now();
    const facts: AlertFacts = {
      kind: 'test',
      at: now.toISOString(),
      monitor: NO_MONITOR,
      downtime: null,
      reason: null,
      timeZone: owner.timeZone,
      calendar: owner.calendar,
    };
    const allowance = (owner.planDescription ?? FREE_PLAN)?.quantity.Notification ?? 0;
    const used = await countNotificationsThisMonth(transaction.db, caller.userId, now);
    const refused =
      used >= allowance
        ? `Not sent: your plan's ${allowance.toLocaleString('en-US')} notifications for this month are used up.`
        : undefined;
    const notificationType = NOTIFICATION_TYPE[input.type];
    const id = await insertTestNotification(transaction.db, {
      userId: caller.userId,
      notificationType,
      recipient: entry.value,
      facts,
      state: refused ? 'failed' : 'sending',
      publicMessage: refused ?? 'Sending the test message.',
      now,
    });
    if (id === undefined) throw new AppError('CONFLICT', TEST_IN_FLIGHT_TEXT);
    return { id, notificationType, recipient: entry.value, facts, secret: owner.webhookSecret, refused };
  });
}

/**
 * `POST /api/v1/alert_channels/test`: sends a clearly marked test message ("[Paydar] TEST: …",
 * webhook event `channel.test`) to one of the caller's verified channels through the alert
 * senders, now, and says how it went. Kept in the history as kind `test` and counted against the
 * plan's monthly allowance like any notification. A failure is reported, not retried; a second
 * click while the first test is out gets 409 rather than a second message.
 */
export async function testChannel(
  context: ServiceContext,
  caller: Caller,
  input: TestInput,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<TestChannelResponse> {
  refuseDemo(caller);
  await context.rateLimiter.consume(channelTestLimits(caller.userId), context.now());
  const test = await recordTest(context, caller, input);
  const answer = (state: 'sent' | 'failed', publicMessage: string): TestChannelResponse => ({
    id: test.id,
    notification_type: test.notificationType,
    recipient: test.recipient,
    state,
    is_sent: state === 'sent',
    public_message: publicMessage,
  });
  if (test.refused) return answer('failed', test.refused);
  const notification = {
    id: test.id,
    userId: caller.userId,
    notificationType: test.notificationType,
    recipient: test.recipient,
    facts: test.facts,
    attempt: 1,
    webhookSecret: test.secret,
  };
  try {
    const sent = await alertSenders[test.notificationType](context, notification);
    await markSent(context.db, test.id, sent, context.now());
    return answer('sent', sent);
  } catch (error) {
    const reason = error instanceof AlertServiceError ? error.reason : 'an unexpected error';
    if (!(error instanceof AlertServiceError))
      log?.error({ err: error, notificationId: test.id }, 'channel test failed');
    // As a real alert would: a chat whose user blocked the bot is unlinked.
    await forgetBlockedChat(context, caller.userId, test.recipient, error);
    const message = `Not sent: ${reason}.`;
    await markFailed(context.db, test.id, message);
    return answer('failed', message);
  }
}
