import type { AlertRules } from '@paydar/contracts/alert-rules';
import type { Calendar } from '@paydar/contracts/calendars';
import { formatDuration } from './format';
import { alertTime } from './local-time';

/**
 * What a monitor's transitions are told (issue 14). Ingest decides the truth — a downtime opens
 * (`down`) or closes (`up`); this policy decides, per monitor, which messages that truth becomes:
 * a down told at once or after `alert_after`, reminders, an up held for `recovery_after_minutes`,
 * and flap damping. Pure: the state, the rules, one input and `now` in; the new state, the events
 * to send and the next wake-up out. Times are epoch milliseconds.
 */

const MINUTE_MS = 60_000;

/**
 * - `quiet`: nothing owed; the user knows the monitor as up (or was never told anything).
 * - `pending_down`: a downtime is open and not told yet; `dueAt` is when it will be.
 * - `down_told`: the user was told it is down; reminders may follow.
 * - `up_held`: it came back up after a told down; the up is told at `dueAt` if it stays up.
 * - `flapping`: the user was told it flaps; nothing more until it is stable for the window.
 */
export type AlertPhase = 'quiet' | 'pending_down' | 'down_told' | 'up_held' | 'flapping';

export interface AlertPolicyState {
  phase: AlertPhase;
  /** Ingest's verdict as of the last transition seen. */
  isDown: boolean;
  /** The downtime the next message is about (the open one, or the one an up closed). */
  downtimeId: number | null;
  /** When the downtime the user knows of began (for reminders and delayed downs). */
  downSince: number | null;
  /** Why it went down, as the first down check said (e.g. 'HTTP 500'). */
  downReason: string | null;
  /** pending_down: the down's due time; up_held: the up's; down_told: the next reminder's (null: none). */
  dueAt: number | null;
  /** The next reminder's time while a told down lasts (kept while an up is held); null: none. */
  reminderAt: number | null;
  /** up_held: when it came back up. */
  upAt: number | null;
  remindersSent: number;
  /** Times of the transitions seen within the flap window, oldest first. */
  changes: number[];
  /** When the last transition was seen. */
  lastChangeAt: number | null;
}

export const INITIAL_ALERT_STATE: AlertPolicyState = {
  phase: 'quiet',
  isDown: false,
  downtimeId: null,
  downSince: null,
  downReason: null,
  dueAt: null,
  reminderAt: null,
  upAt: null,
  remindersSent: 0,
  changes: [],
  lastChangeAt: null,
};

/** A confirmed transition from ingest, or the clock (a timer or the sweep waking the monitor). */
export type AlertPolicyInput =
  | { type: 'transition'; to: 'down' | 'up'; at: number; downtimeId: number | null; reason: string | null }
  | { type: 'clock' };

/** A message to tell, as a monitor event. */
export interface PolicyEvent {
  kind: 'down' | 'up' | 'flapping' | 'reminder';
  at: number;
  reason: string | null;
  downtimeId: number | null;
}

export interface AlertPolicySettings {
  rules: AlertRules;
  /** The monitor's check period, for `alert_after` counted in checks. */
  periodMs: number;
  /** The owner's zone and calendar: a time inside a reason is given in them, as the message's own (UTC when absent). */
  timeZone?: string;
  calendar?: Calendar;
}

export interface AlertDecision {
  state: AlertPolicyState;
  events: PolicyEvent[];
  /** When the clock must wake this monitor next; null when nothing is waiting. */
  wakeAt: number | null;
}

const withReason = (text: string, reason: string | null) => (reason ? `${text} (${reason}).` : `${text}.`);

/** When a downtime that began at `since` is told: `count` checks means the failing check and count−1 periods after. */
export function downDueAt(rules: AlertRules, periodMs: number, since: number): number {
  const { count, unit } = rules.alert_after;
  return unit === 'minutes' ? since + count * MINUTE_MS : since + (count - 1) * periodMs;
}

/**
 * The reminder after one at `last` (or after the down told at `last`): R minutes on, on the same
 * grid; a late wake (the server was down) skips the reminders it missed rather than sending them all.
 */
function nextReminderAt(rules: AlertRules, last: number, remindersSent: number, now: number): number | null {
  if (rules.remind_every_minutes === null || remindersSent >= rules.remind_limit) return null;
  const every = rules.remind_every_minutes * MINUTE_MS;
  let next = last + every;
  if (next <= now) next += Math.ceil((now - next + 1) / every) * every;
  return next;
}

const flapWindowMs = (rules: AlertRules) => rules.flap_window_minutes * MINUTE_MS;

function wakeOf(state: AlertPolicyState, rules: AlertRules): number | null {
  if (state.phase === 'flapping') return (state.lastChangeAt ?? 0) + flapWindowMs(rules);
  return state.phase === 'quiet' ? null : state.dueAt;
}

/** A transition: counted for flapping, then moving what is owed. */
function onTransition(
  state: AlertPolicyState,
  settings: AlertPolicySettings,
  input: Extract<AlertPolicyInput, { type: 'transition' }>,
  events: PolicyEvent[],
): AlertPolicyState {
  const { rules } = settings;
  const windowStart = input.at - flapWindowMs(rules);
  const changes = rules.flap_changes === null ? [] : [...state.changes.filter((time) => time > windowStart), input.at];
  const next: AlertPolicyState = {
    ...state,
    isDown: input.to === 'down',
    changes,
    lastChangeAt: input.at,
    downtimeId: input.downtimeId ?? state.downtimeId,
  };
  if (state.phase === 'flapping') return next;
  if (rules.flap_changes !== null && changes.length > rules.flap_changes) {
    events.push({
      kind: 'flapping',
      at: input.at,
      reason: `Changed state ${changes.length} times in ${rules.flap_window_minutes} minutes.`,
      downtimeId: next.downtimeId,
    });
    return { ...next, phase: 'flapping', dueAt: null, reminderAt: null, upAt: null };
  }
  if (input.to === 'down') {
    // Down again while its up was held: the user still knows it as down, so nothing is said.
    if (state.phase === 'up_held') return { ...next, phase: 'down_told', upAt: null, dueAt: state.reminderAt };
    return {
      ...next,
      phase: 'pending_down',
      downSince: input.at,
      downReason: input.reason,
      dueAt: downDueAt(rules, settings.periodMs, input.at),
      reminderAt: null,
      upAt: null,
      remindersSent: 0,
    };
  }
  if (state.phase === 'pending_down') return { ...next, phase: 'quiet', dueAt: null };
  if (state.phase === 'down_told') {
    if (!rules.notify_recovery) return { ...next, phase: 'quiet', dueAt: null, reminderAt: null };
    return { ...next, phase: 'up_held', upAt: input.at, dueAt: input.at + rules.recovery_after_minutes * MINUTE_MS };
  }
  return next;
}

/** What is due by `now`, told in order; each step moves the state, so one call catches up a late wake. */
function onClock(
  state: AlertPolicyState,
  settings: AlertPolicySettings,
  now: number,
  events: PolicyEvent[],
): AlertPolicyState {
  const { rules } = settings;
  let current = state;
  for (let step = 0; step < 4; step += 1) {
    const due = wakeOf(current, rules);
    if (due === null || due > now) return current;
    current = fire(current, settings, due, now, events);
  }
  return current;
}

function fire(
  state: AlertPolicyState,
  settings: AlertPolicySettings,
  due: number,
  now: number,
  events: PolicyEvent[],
): AlertPolicyState {
  const { rules } = settings;
  switch (state.phase) {
    case 'flapping': {
      const stable = `Stable for ${rules.flap_window_minutes} minutes after flapping`;
      const since = state.lastChangeAt ?? due;
      const sinceText = alertTime(since, settings.timeZone, settings.calendar);
      if (state.isDown) {
        events.push({
          kind: 'down',
          at: due,
          reason: `${stable}; down since ${sinceText}.`,
          downtimeId: state.downtimeId,
        });
        const reminderAt = nextReminderAt(rules, due, 0, now);
        return {
          ...state,
          phase: 'down_told',
          changes: [],
          downSince: since,
          remindersSent: 0,
          dueAt: reminderAt,
          reminderAt,
        };
      }
      events.push({
        kind: 'up',
        at: due,
        reason: `${stable}; up since ${sinceText}.`,
        downtimeId: state.downtimeId,
      });
      return { ...state, phase: 'quiet', changes: [], dueAt: null, reminderAt: null, upAt: null };
    }
    case 'pending_down': {
      const since = state.downSince ?? due;
      const delayed = due > since;
      const reason = delayed
        ? withReason(`Down for ${formatDuration(due - since)}`, state.downReason)
        : state.downReason;
      events.push({ kind: 'down', at: due, reason, downtimeId: state.downtimeId });
      const reminderAt = nextReminderAt(rules, due, 0, now);
      return { ...state, phase: 'down_told', remindersSent: 0, dueAt: reminderAt, reminderAt };
    }
    case 'down_told': {
      const since = state.downSince ?? due;
      events.push({
        kind: 'reminder',
        at: due,
        reason: withReason(`Still down after ${formatDuration(due - since)}`, state.downReason),
        downtimeId: state.downtimeId,
      });
      const sent = state.remindersSent + 1;
      const reminderAt = nextReminderAt(rules, due, sent, now);
      return { ...state, remindersSent: sent, dueAt: reminderAt, reminderAt };
    }
    case 'up_held': {
      events.push({ kind: 'up', at: state.upAt ?? due, reason: null, downtimeId: state.downtimeId });
      return { ...state, phase: 'quiet', dueAt: null, reminderAt: null, upAt: null, remindersSent: 0 };
    }
    default:
      return state;
  }
}

/** The policy: one input at `now` → the new state, the messages to tell, the next wake-up. */
export function decideAlerts(
  state: AlertPolicyState,
  settings: AlertPolicySettings,
  input: AlertPolicyInput,
  now: number,
): AlertDecision {
  const events: PolicyEvent[] = [];
  let next = state;
  if (input.type === 'transition') {
    // What fell due before the transition happened is told first (a wake that came late).
    next = onClock(next, settings, Math.min(input.at, now), events);
    next = onTransition(next, settings, input, events);
  }
  next = onClock(next, settings, now, events);
  return { state: next, events, wakeAt: wakeOf(next, settings.rules) };
}

/** Whether the monitor is flapping now, as the list and the detail show it. */
export const isFlapping = (state: AlertPolicyState | null | undefined) => state?.phase === 'flapping';
