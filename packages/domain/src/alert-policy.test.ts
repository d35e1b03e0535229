import { type AlertRulesInput, alertRules } from '@paydar/contracts/alert-rules';
import { describe, expect, it } from 'vitest';
import {
  type AlertPolicySettings,
  type AlertPolicyState,
  decideAlerts,
  INITIAL_ALERT_STATE,
  type PolicyEvent,
} from './alert-policy';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 26, 10, 0, 0);
const at = (minutes: number) => T0 + minutes * MINUTE;

/** A step: a transition at minute `m` ('down'/'up'), or the clock ticking at minute `m`. */
type Step = { down: number } | { up: number } | { tick: number };

/** Runs the steps; the clock is each step's minute. Returns every event as 'kind@minute' and the last state. */
function run(
  rules: AlertRulesInput,
  steps: Step[],
  periodMinutes = 1,
  owner: Pick<AlertPolicySettings, 'timeZone' | 'calendar'> = {},
) {
  const settings = { rules: alertRules.parse(rules), periodMs: periodMinutes * MINUTE, ...owner };
  let state: AlertPolicyState = INITIAL_ALERT_STATE;
  const events: PolicyEvent[] = [];
  let wakeAt: number | null = null;
  let downtimeId = 0;
  for (const step of steps) {
    const decision =
      'tick' in step
        ? decideAlerts(state, settings, { type: 'clock' }, at(step.tick))
        : 'down' in step
          ? decideAlerts(
              state,
              settings,
              { type: 'transition', to: 'down', at: at(step.down), downtimeId: ++downtimeId, reason: 'HTTP 500' },
              at(step.down),
            )
          : decideAlerts(
              state,
              settings,
              { type: 'transition', to: 'up', at: at(step.up), downtimeId, reason: null },
              at(step.up),
            );
    state = decision.state;
    wakeAt = decision.wakeAt;
    events.push(...decision.events);
  }
  return {
    told: events.map((event) => `${event.kind}@${(event.at - T0) / MINUTE}`),
    events,
    state,
    wakeAt: wakeAt === null ? null : (wakeAt - T0) / MINUTE,
  };
}

/** A target flipping every 2 minutes from minute 0 for `minutes`, the clock ticking every minute too. */
function flipping(minutes: number, tail = 0): Step[] {
  const steps: Step[] = [];
  for (let minute = 0; minute <= minutes + tail; minute += 1) {
    if (minute <= minutes && minute % 2 === 0) steps.push((minute / 2) % 2 === 0 ? { down: minute } : { up: minute });
    else steps.push({ tick: minute });
  }
  return steps;
}

describe('decideAlerts', () => {
  it.each([
    {
      name: 'defaults: the down at once, the up at once (issue 37)',
      rules: {},
      steps: [{ down: 0 }, { up: 10 }],
      told: ['down@0', 'up@10'],
    },
    {
      name: 'defaults: a recovery of 2 minutes then down again tells both, as it happened',
      rules: {},
      steps: [{ down: 0 }, { up: 10 }, { down: 12 }, { tick: 20 }],
      told: ['down@0', 'up@10', 'down@12'],
    },
    {
      name: 'recovery hold 3: the up after 3 stable minutes',
      rules: { recovery_after_minutes: 3 },
      steps: [{ down: 0 }, { up: 10 }, { tick: 12 }, { tick: 13 }],
      told: ['down@0', 'up@10'],
    },
    {
      name: 'recovery hold 3: a recovery of 2 minutes then down again tells neither up nor a second down',
      rules: { recovery_after_minutes: 3 },
      steps: [{ down: 0 }, { up: 10 }, { down: 12 }, { tick: 20 }],
      told: ['down@0'],
    },
    {
      name: 'recovery hold 0: the up at once',
      rules: { recovery_after_minutes: 0 },
      steps: [{ down: 0 }, { up: 10 }],
      told: ['down@0', 'up@10'],
    },
    {
      name: 'alert after 5 minutes: told at minute 5',
      rules: { alert_after: { count: 5, unit: 'minutes' } },
      steps: [{ down: 0 }, { tick: 4 }, { tick: 5 }, { up: 30 }, { tick: 33 }],
      told: ['down@5', 'up@30'],
    },
    {
      name: 'alert after 5 minutes: a downtime of 4 minutes is never told',
      rules: { alert_after: { count: 5, unit: 'minutes' } },
      steps: [{ down: 0 }, { tick: 3 }, { up: 4 }, { tick: 10 }, { tick: 60 }],
      told: [],
    },
    {
      name: 'alert after 3 checks of 2 minutes: told 4 minutes after confirmation',
      rules: { alert_after: { count: 3, unit: 'checks' } },
      steps: [{ down: 0 }, { tick: 3 }, { tick: 4 }],
      told: ['down@4'],
      periodMinutes: 2,
    },
    {
      name: 'a wake that came late is caught up by the next transition: the down due at 5, then the held up',
      rules: { alert_after: { count: 5, unit: 'minutes' } },
      steps: [{ down: 0 }, { up: 10 }, { tick: 13 }],
      told: ['down@5', 'up@10'],
    },
    {
      name: 'reminders every 10 minutes, capped at 2',
      rules: { remind_every_minutes: 10, remind_limit: 2 },
      steps: [{ down: 0 }, { tick: 9 }, { tick: 10 }, { tick: 20 }, { tick: 30 }, { tick: 90 }],
      told: ['down@0', 'reminder@10', 'reminder@20'],
    },
    {
      name: 'no reminder once it is up, none for a down never told',
      rules: { remind_every_minutes: 5, alert_after: { count: 10, unit: 'minutes' } },
      steps: [{ down: 0 }, { tick: 5 }, { up: 8 }, { tick: 15 }],
      told: [],
    },
    {
      name: 'a late wake sends one reminder, not each it missed',
      rules: { remind_every_minutes: 5 },
      steps: [{ down: 0 }, { tick: 27 }, { tick: 29 }, { tick: 30 }],
      told: ['down@0', 'reminder@5', 'reminder@30'],
    },
    {
      name: 'reminders continue after a held up that went down again',
      rules: { remind_every_minutes: 10, recovery_after_minutes: 3 },
      steps: [{ down: 0 }, { up: 5 }, { down: 6 }, { tick: 10 }],
      told: ['down@0', 'reminder@10'],
    },
    {
      name: 'notify_recovery off: no up, and the next down is told again',
      rules: { notify_recovery: false },
      steps: [{ down: 0 }, { up: 10 }, { tick: 20 }, { down: 30 }],
      told: ['down@0', 'down@30'],
    },
    {
      name: 'flap damping off: the recovery hold alone keeps a 2-minute flip to one down',
      rules: { flap_changes: null, recovery_after_minutes: 3 },
      steps: flipping(20),
      told: ['down@0'],
    },
  ] as Array<{ name: string; rules: AlertRulesInput; steps: Step[]; told: string[]; periodMinutes?: number }>)(
    '$name',
    ({ rules, steps, told, periodMinutes }) => {
      expect(run(rules, steps, periodMinutes).told).toEqual(told);
    },
  );

  it('the 2-minute flapping case with the defaults: each change told until the fifth, then flapping, then its state after 20 stable minutes', () => {
    const result = run({}, flipping(20, 30));
    expect(result.told).toEqual(['down@0', 'up@2', 'down@4', 'up@6', 'flapping@8', 'down@40']);
    expect(result.events[4]?.reason).toBe('Changed state 5 times in 20 minutes.');
    expect(result.events[5]?.reason).toBe(
      'Stable for 20 minutes after flapping; down since 2026-11-26 10:20:00 (UTC).',
    );
    expect(result.state.phase).toBe('down_told');
  });

  it('the 2-minute flapping case with a 3-minute hold: at most 2 messages in 20 minutes, then its state after 20 stable minutes', () => {
    const result = run({ recovery_after_minutes: 3 }, flipping(20, 30));
    // Transitions at 0, 2, 4, 6, 8: the fifth is more than 4 in 20 minutes.
    expect(result.told).toEqual(['down@0', 'flapping@8', 'down@40']);
    expect(result.told.filter((event) => Number(event.split('@')[1]) <= 20)).toHaveLength(2);
    expect(result.events[1]?.reason).toBe('Changed state 5 times in 20 minutes.');
    // The last flip (minute 20) was a down: 20 minutes later it is told as down, once.
    expect(result.events[2]?.reason).toBe(
      'Stable for 20 minutes after flapping; down since 2026-11-26 10:20:00 (UTC).',
    );
    expect(result.state.phase).toBe('down_told');
  });

  it('flapping that ends up tells an up with its reason, and a new down after it is told normally', () => {
    const steps: Step[] = [...flipping(10), { up: 11 }, { tick: 30 }, { tick: 31 }, { down: 40 }];
    const result = run({ recovery_after_minutes: 3 }, steps);
    expect(result.told).toEqual(['down@0', 'flapping@8', 'up@31', 'down@40']);
    expect(result.events[2]?.reason).toBe('Stable for 20 minutes after flapping; up since 2026-11-26 10:11:00 (UTC).');
  });

  it.each([
    ['Asia/Tehran', 'gregorian', 'down since 2026-11-26 13:50:00 (Asia/Tehran).'],
    ['Asia/Tehran', 'jalali', 'down since 1405-09-05 13:50:00 (Asia/Tehran).'],
    ['America/New_York', 'gregorian', 'down since 2026-11-26 05:20:00 (America/New_York).'],
  ] as const)(
    "gives the stable-after-flapping time in the owner's zone %s and calendar %s, as the message's own time",
    (timeZone, calendar, tail) => {
      // With a 3-minute hold the stable message is the third told (down, flapping, stable).
      const result = run({ recovery_after_minutes: 3 }, flipping(20, 30), 1, { timeZone, calendar });
      expect(result.events[2]?.reason).toBe(`Stable for 20 minutes after flapping; ${tail}`);
    },
  );

  it('is quiet while flapping and waits the window from the last change', () => {
    const result = run({}, flipping(12));
    expect(result.state.phase).toBe('flapping');
    expect(result.wakeAt).toBe(32);
  });

  it('changes spread wider than the window never flap', () => {
    const steps: Step[] = [];
    for (let minute = 0; minute < 200; minute += 6)
      steps.push((minute / 6) % 2 === 0 ? { down: minute } : { up: minute });
    const result = run({ flap_changes: 4, flap_window_minutes: 20, recovery_after_minutes: 0 }, steps);
    expect(result.told.some((event) => event.startsWith('flapping'))).toBe(false);
  });

  it('a delayed down says how long it lasted and why; a reminder too', () => {
    const result = run({ alert_after: { count: 30, unit: 'minutes' }, remind_every_minutes: 30 }, [
      { down: 0 },
      { tick: 30 },
      { tick: 60 },
    ]);
    expect(result.events.map((event) => event.reason)).toEqual([
      'Down for 30 minutes (HTTP 500).',
      'Still down after 1 hour (HTTP 500).',
    ]);
  });

  it('a clock tick with nothing due changes nothing', () => {
    const settings = { rules: alertRules.parse({}), periodMs: MINUTE };
    const decision = decideAlerts(INITIAL_ALERT_STATE, settings, { type: 'clock' }, at(5));
    expect(decision).toEqual({ state: INITIAL_ALERT_STATE, events: [], wakeAt: null });
  });
});
