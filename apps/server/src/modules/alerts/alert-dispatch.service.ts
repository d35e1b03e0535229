import type { ProtocolType } from '@paydar/contracts/monitors-options';
import { displayName } from '@paydar/domain/display-name';
import type { ServiceContext } from '../../context';
import type { AlertFacts } from '../../db/schema/notifications';
import type { Transaction } from '../../db/transaction';
import { isRuledTransition, tellTransitions } from '../alert-rules/alert-rules.service';
import { eventsInMaintenance } from '../maintenance/maintenance-spans.repository';
import { FREE_PLAN_NAME, planCatalogue } from '../plans/plans.catalogue';
import { lockUserForLimits } from '../plans/plans.repository';
import { recordIncidentTransitions } from '../status-page-incidents/auto-incidents';
import {
  countNotificationsThisMonth,
  type EventContext,
  insertNotifications,
  loadEventContext,
  lockPendingEvents,
  markEventsDispatched,
  type NewNotification,
  type PendingEvent,
} from './alert-dispatch.repository';
import { alertRecipients } from './alert-recipients';
import { ALERT_DELIVER_QUEUE, ALERT_DISPATCH_QUEUE } from './alerts.queues';

const BATCH_SIZE = 100;
const FREE_PLAN = planCatalogue.find((plan) => plan.name === FREE_PLAN_NAME)?.description;

/** Asks a dispatcher to run, inside the caller's transaction: it exists only if the transition commits. */
export function requestDispatch(context: ServiceContext, transaction: Transaction): Promise<void> {
  return context.jobs.send(ALERT_DISPATCH_QUEUE, {}, { retryLimit: 10, retryDelaySeconds: 5 }, transaction);
}

function reasonOf(event: PendingEvent, eventContext: EventContext): string | null {
  if (event.reason !== null) return event.reason;
  if (event.kind !== 'down') return null;
  if (eventContext.lastStatusCode) return `HTTP ${eventContext.lastStatusCode}`;
  return eventContext.lastStatus;
}

function factsOf(event: PendingEvent, eventContext: EventContext): AlertFacts {
  const { monitor, downtime } = eventContext;
  return {
    kind: event.kind,
    at: event.at.toISOString(),
    monitor: {
      id: event.monitorId,
      name: displayName({ ...monitor, protocol_type: monitor.protocolType as ProtocolType }),
      protocolType: monitor.protocolType,
      url: monitor.url,
      host: monitor.host,
    },
    downtime: downtime
      ? { fromTime: downtime.fromTime.toISOString(), toTime: downtime.toTime?.toISOString() ?? null }
      : null,
    reason: reasonOf(event, eventContext),
    timeZone: eventContext.timeZone,
    calendar: eventContext.calendar,
    ...(event.certificate ? { certificate: event.certificate } : {}),
  };
}

/** The event's notifications: one per verified channel, those past the plan's monthly allowance refused. */
async function notificationsFor(
  transaction: Transaction,
  event: PendingEvent,
  eventContext: EventContext,
  now: Date,
): Promise<NewNotification[]> {
  const plan = eventContext.planDescription ?? FREE_PLAN;
  const recipients = alertRecipients(eventContext.monitor.alert, eventContext.channels, {
    kind: event.kind,
    voiceCall: plan?.quality.VoiceCall ?? false,
  }).filter(
    // A recovery goes to the channel kinds the monitor's alert rules name for it.
    (recipient) => event.kind !== 'up' || eventContext.monitor.recoveryChannels.includes(recipient.notificationType),
  );
  if (!recipients.length) return [];
  const allowance = plan?.quantity.Notification ?? 0;
  let used = await countNotificationsThisMonth(transaction.db, eventContext.userId, now);
  return recipients.map((recipient) => {
    if (used >= allowance) {
      return {
        ...recipient,
        state: 'failed',
        publicMessage: `Not sent: your plan's ${allowance.toLocaleString('en-US')} notifications for this month are used up.`,
      };
    }
    used += 1;
    return { ...recipient, state: 'pending', publicMessage: 'Waiting to be sent.' };
  });
}

/**
 * An event of a monitor paused before this ran (the owner switched it off, or the plan did), or a
 * down or reminder whose downtime a pause or a maintenance window already ended: alerting it now
 * would be stale, so it is marked done unsent.
 */
const pausedBeforeDispatch = (event: PendingEvent, eventContext: EventContext) =>
  !eventContext.monitor.isEnabled ||
  ((event.kind === 'down' || event.kind === 'reminder') &&
    (eventContext.downtime?.endedBy === 'pause' || eventContext.downtime?.endedBy === 'maintenance'));

async function dispatchEvent(
  context: ServiceContext,
  transaction: Transaction,
  event: PendingEvent,
  eventContext: EventContext,
  now: Date,
): Promise<void> {
  const pending = await insertNotifications(transaction.db, {
    userId: eventContext.userId,
    monitorId: event.monitorId,
    eventId: event.id,
    facts: factsOf(event, eventContext),
    now,
    rows: await notificationsFor(transaction, event, eventContext, now),
  });
  for (const notificationId of pending) {
    await context.jobs.send(ALERT_DELIVER_QUEUE, { notificationId }, { retryLimit: 3 }, transaction);
  }
}

/**
 * Turns undispatched events into notification rows and delivery jobs, a batch per transaction:
 * rows, jobs and the event's mark commit together, so a crash repeats the batch and the unique
 * (event, type, recipient) keeps a repeat from alerting twice. Ingest's down/up transitions are
 * not sent themselves: the alert rules (modules/alert-rules) decide, in the same transaction, which
 * events of origin 'rules' tell of them, and the next round sends those.
 */
export async function dispatchPendingEvents(context: ServiceContext): Promise<number> {
  let dispatched = 0;
  for (;;) {
    const { count, told } = await context.runInTransaction(async (transaction) => {
      const locked = await lockPendingEvents(transaction.db, BATCH_SIZE);
      const now = context.now();
      const { written: told, deferred } = await tellTransitions(
        context,
        transaction,
        locked.filter(isRuledTransition),
        now,
      );
      // Status pages' incidents from the same transitions, marked done with them: exactly once.
      await recordIncidentTransitions(
        context,
        transaction,
        locked.filter((event) => isRuledTransition(event) && !deferred.includes(event.id)),
      );
      const events = locked.filter((event) => !isRuledTransition(event));
      // One after another: a transaction is one connection, which runs one query at a time.
      const contexts: Array<EventContext | undefined> = [];
      for (const event of events) contexts.push(await loadEventContext(transaction.db, event));
      // The owners' limits locks (two dispatchers must not both use the month's last notification),
      // taken in one order so two dispatchers cannot deadlock on them.
      const owners = [...new Set(contexts.flatMap((found) => (found ? [found.userId] : [])))].sort((a, b) => a - b);
      for (const userId of owners) await lockUserForLimits(transaction.db, userId);
      // An event inside a maintenance window of its monitor is marked done and sends nothing.
      const inMaintenance = await eventsInMaintenance(transaction.db, events);
      for (const [index, event] of events.entries()) {
        const eventContext = contexts[index];
        if (eventContext && !pausedBeforeDispatch(event, eventContext) && !inMaintenance.has(event.id)) {
          await dispatchEvent(context, transaction, event, eventContext, now);
        }
      }
      await markEventsDispatched(
        transaction.db,
        locked.filter((event) => !deferred.includes(event.id)).map((event) => event.id),
        now,
      );
      // Transitions left for another dispatcher's older one are not counted: this loop must not spin on them.
      return { count: locked.length - deferred.length, told };
    });
    dispatched += count;
    if (count < BATCH_SIZE && !told) return dispatched;
  }
}
