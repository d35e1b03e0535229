import {
  type AlertDecision,
  type AlertPolicyInput,
  decideAlerts,
  INITIAL_ALERT_STATE,
} from '@paydar/domain/alert-policy';
import type { DowntimeEnd } from '@paydar/domain/downtimes';
import type { ServiceContext } from '../../context';
import type { Transaction } from '../../db/transaction';
import type { PendingEvent } from '../alerts/alert-dispatch.repository';
import { ALERT_DISPATCH_QUEUE } from '../alerts/alerts.queues';
import { ALERT_RULES_WAKE_QUEUE } from './alert-rules.queues';
import {
  downtimesEndedBy,
  insertRuleEvents,
  lockAlertStates,
  lockDueAlertStates,
  oldestTransitionsElsewhere,
  type RuleSubject,
  saveAlertState,
} from './alert-rules.repository';

const WAKE_BATCH = 100;

/** Ingest's down/up transitions: what the alert rules decide what to tell of. Everything else is sent as it is. */
export const isRuledTransition = (event: PendingEvent) =>
  event.origin === 'ingest' && (event.kind === 'down' || event.kind === 'up');

/** Why it is down, as the monitor's last check says (what dispatch says of a down with no reason). */
const statusReason = (subject: RuleSubject) =>
  subject.lastStatusCode ? `HTTP ${subject.lastStatusCode}` : subject.lastStatus;

/** A downtime a pause or a maintenance window ended: nothing more is told of it (no up either). */
const endedUntold = (endedBy: DowntimeEnd | null | undefined) => endedBy === 'pause' || endedBy === 'maintenance';

/**
 * Nothing more is told of a paused monitor, or of a downtime a maintenance window ended: its state
 * starts over, so neither a reminder nor a delayed down of that downtime goes out (dispatch alerts
 * nothing for them either), and the next outage is told afresh.
 */
const silenced = (subject: RuleSubject) => !subject.isEnabled || endedUntold(subject.downtimeEndedBy);

function decide(subject: RuleSubject, input: AlertPolicyInput, now: Date): AlertDecision {
  const { rules, periodMs, timeZone, calendar } = subject;
  return decideAlerts(subject.state, { rules, periodMs, timeZone, calendar }, input, now.getTime());
}

/** Writes a decision: the state, its events (for dispatch), and a wake-up job when one is due earlier than planned. */
async function apply(
  context: ServiceContext,
  transaction: Transaction,
  subject: RuleSubject,
  decision: AlertDecision,
  now: Date,
): Promise<void> {
  await saveAlertState(transaction.db, subject.monitorId, decision.state, decision.wakeAt, now);
  await insertRuleEvents(transaction.db, subject.monitorId, decision.events);
  const { wakeAt } = decision;
  if (wakeAt !== null && wakeAt !== subject.wakeAt) {
    const startAfterSeconds = Math.max(0, Math.ceil((wakeAt - now.getTime()) / 1000));
    await context.jobs.send(ALERT_RULES_WAKE_QUEUE, {}, { retryLimit: 3, startAfterSeconds }, transaction);
  }
  subject.state = decision.state;
  subject.wakeAt = wakeAt;
}

/**
 * Hands ingest's transitions to the rules, in the dispatcher's transaction: each monitor's state is
 * locked (in monitor-id order), moved by its transitions in order, and what the rules decide to tell
 * is written as events of origin 'rules' that dispatch sends next. Returns how many it wrote, and
 * the transitions left for later because an older one of the same monitor is in another
 * dispatcher's hands (they must not be marked processed; a dispatch job comes back for them).
 */
export async function tellTransitions(
  context: ServiceContext,
  transaction: Transaction,
  taken: PendingEvent[],
  now: Date,
): Promise<{ written: number; deferred: number[] }> {
  if (!taken.length) return { written: 0, deferred: [] };
  const elsewhere = await oldestTransitionsElsewhere(
    transaction.db,
    taken.map((event) => event.monitorId),
    taken.map((event) => event.id),
  );
  const deferred = taken.filter((event) => event.id > (elsewhere.get(event.monitorId) ?? Number.POSITIVE_INFINITY));
  if (deferred.length) {
    await context.jobs.send(ALERT_DISPATCH_QUEUE, {}, { retryLimit: 10, startAfterSeconds: 1 }, transaction);
  }
  const events = taken.filter((event) => !deferred.includes(event));
  const subjects = new Map(
    (
      await lockAlertStates(
        transaction.db,
        events.map((event) => event.monitorId),
      )
    ).map((subject) => [subject.monitorId, subject]),
  );
  const endedBy = await downtimesEndedBy(
    transaction.db,
    events.flatMap((event) => (event.downtimeId === null ? [] : [event.downtimeId])),
  );
  let written = 0;
  for (const event of events) {
    const subject = subjects.get(event.monitorId);
    if (!subject) continue;
    // A down whose downtime a pause or a maintenance window already ended before this ran.
    const pausedDowntime = event.kind === 'down' && endedUntold(endedBy.get(event.downtimeId ?? 0));
    if (!subject.isEnabled || pausedDowntime) {
      await apply(context, transaction, subject, { state: INITIAL_ALERT_STATE, events: [], wakeAt: null }, now);
      continue;
    }
    const input: AlertPolicyInput = {
      type: 'transition',
      to: event.kind as 'down' | 'up',
      at: event.at.getTime(),
      downtimeId: event.downtimeId,
      reason: event.reason ?? (event.kind === 'down' ? statusReason(subject) : null),
    };
    // The state told of a downtime a pause or a window ended: this transition starts a new story.
    const told = endedUntold(subject.downtimeEndedBy) ? { ...subject, state: INITIAL_ALERT_STATE } : subject;
    subject.downtimeEndedBy = null;
    const decision = decide(told, input, now);
    await apply(context, transaction, subject, decision, now);
    written += decision.events.length;
  }
  return { written, deferred: deferred.map((event) => event.id) };
}

/**
 * Wakes the monitors whose wake-up is due on the service clock: reminders, delayed downs, held ups,
 * the end of flapping. A batch per transaction; the events and the dispatch job commit with the
 * state, so a repeated wake finds nothing due and a crash repeats the batch whole.
 */
export async function wakeDueMonitors(context: ServiceContext): Promise<number> {
  let woken = 0;
  for (;;) {
    const count = await context.runInTransaction(async (transaction) => {
      const now = context.now();
      const subjects = await lockDueAlertStates(transaction.db, now, WAKE_BATCH);
      let written = 0;
      for (const subject of subjects) {
        const decision = silenced(subject)
          ? { state: INITIAL_ALERT_STATE, events: [], wakeAt: null }
          : decide(subject, { type: 'clock' }, now);
        await apply(context, transaction, subject, decision, now);
        written += decision.events.length;
      }
      if (written)
        await context.jobs.send(ALERT_DISPATCH_QUEUE, {}, { retryLimit: 10, retryDelaySeconds: 5 }, transaction);
      return subjects.length;
    });
    woken += count;
    if (count < WAKE_BATCH) return woken;
  }
}
