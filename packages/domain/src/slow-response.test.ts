import type { SlowAlertRule } from '@paydar/contracts/slow-alert';
import { describe, expect, it } from 'vitest';
import { applySlowChecks, NOT_SLOW, type SlowCheck, type SlowState, sameSlowRule, windowApdex } from './slow-response';

const UP = { isDown: false, upSince: null };
const apdexRule: SlowAlertRule = { rule: 'apdex', checks: 5, below: 0.7 };
const timeRule: SlowAlertRule = { rule: 'response_time', above_ms: 800, checks: 3 };
/** Checks one second apart from t = 1000 s; a number is a successful duration, 'x' a failure. */
const run = (durations: Array<number | 'x'>, from = 1_000_000): SlowCheck[] =>
  durations.map((duration, index) => ({
    time: from + index * 1000,
    success: duration !== 'x',
    durationMs: duration === 'x' ? 30_000 : duration,
  }));
const kinds = (step: { events: { kind: string }[] }) => step.events.map((event) => event.kind);

describe('windowApdex', () => {
  it.each([
    { name: 'all satisfied', durations: [100, 200, 300], expected: 1 },
    { name: 'tolerating counts half', durations: [100, 600], expected: 0.75 },
    {
      name: 'exactly T tolerates, exactly 4T tolerates, above 4T frustrates',
      durations: [500, 2000, 2001],
      expected: 1 / 3,
    },
    { name: 'a failure is frustrated whatever its time', durations: [100, 'x'] as const, expected: 0.5 },
    { name: 'empty is unknown, not 0', durations: [], expected: null },
  ])('$name', ({ durations, expected }) => {
    expect(windowApdex(run([...durations]), 500)).toBe(expected);
  });
});

describe('applySlowChecks — apdex', () => {
  it.each([
    { name: 'N−1 frustrated checks decide nothing', durations: [3000, 3000, 3000, 3000], events: [] },
    { name: 'the Nth turns it slow', durations: [3000, 3000, 3000, 3000, 3000], events: ['slow'] },
    { name: 'at the threshold is not slow (0.70)', durations: [100, 100, 100, 600, 3000], events: [] },
    { name: 'just below is slow (0.60)', durations: [100, 100, 100, 3000, 3000], events: ['slow'] },
    {
      name: 'slow then back in one batch',
      durations: [3000, 3000, 3000, 3000, 3000, 100, 100, 100, 100, 100],
      events: ['slow', 'slow_recovered'],
    },
  ])('$name', ({ durations, events }) => {
    expect(kinds(applySlowChecks(apdexRule, 500, NOT_SLOW, run(durations), UP))).toEqual(events);
  });

  it('says why, with two decimals, and stays slow without repeating', () => {
    const first = applySlowChecks(apdexRule, 500, NOT_SLOW, run([100, 100, 3000, 3000, 3000]), UP);
    expect(first.events).toEqual([
      { kind: 'slow', at: 1_004_000, reason: 'Apdex 0.40 over the last 5 checks (threshold 0.70).' },
    ]);
    expect(first.state).toMatchObject({ isSlow: true, since: 1_004_000 });
    const second = applySlowChecks(apdexRule, 500, first.state, run([3000, 3000], 1_005_000), UP);
    expect(second.events).toEqual([]);
    const back = applySlowChecks(apdexRule, 500, second.state, run([100, 100, 100, 100, 100], 1_007_000), UP);
    expect(back.events).toEqual([
      { kind: 'slow_recovered', at: 1_010_000, reason: 'Apdex back to 0.80 over the last 5 checks (threshold 0.70).' },
    ]);
    expect(back.state).toEqual({
      isSlow: false,
      since: null,
      reason: null,
      window: run([100, 100, 100, 100, 100], 1_007_000),
    });
  });

  it('keeps only the latest N checks', () => {
    const step = applySlowChecks(apdexRule, 500, NOT_SLOW, run([1, 2, 3, 4, 5, 6, 7]), UP);
    expect(step.state.window.map((check) => check.durationMs)).toEqual([3, 4, 5, 6, 7]);
  });

  it('orders two probers’ checks by time and drops one older than a full window', () => {
    const a = run([3000, 3000, 3000], 1_000_000).map((check) => ({ ...check, time: check.time + 500 }));
    const b = run([100, 100], 1_001_000);
    const step = applySlowChecks(apdexRule, 500, NOT_SLOW, [...a, ...b], UP);
    expect(step.state.window.map((check) => check.time)).toEqual([
      1_000_500, 1_001_000, 1_001_500, 1_002_000, 1_002_500,
    ]);
    const late = applySlowChecks(apdexRule, 500, step.state, run([3000], 999_000), UP);
    expect(late.state.window).toEqual(step.state.window);
  });
});

describe('applySlowChecks — response time', () => {
  it.each([
    { name: 'N−1 slow checks decide nothing', durations: [900, 900], events: [] },
    { name: 'N slow checks in a row alert', durations: [900, 900, 900], events: ['slow'] },
    { name: 'exactly the limit is not above it', durations: [900, 800, 900], events: [] },
    { name: 'one fast check breaks the run', durations: [900, 900, 100, 900, 900], events: [] },
    { name: 'failures are skipped, not counted either way', durations: [900, 'x', 900, 'x', 900], events: ['slow'] },
  ] as const)('$name', ({ durations, events }) => {
    expect(kinds(applySlowChecks(timeRule, 500, NOT_SLOW, run([...durations]), UP))).toEqual(events);
  });

  it('recovers only after N checks in a row at most the limit', () => {
    const slow = applySlowChecks(timeRule, 500, NOT_SLOW, run([1240, 1240, 1240]), UP);
    expect(slow.events[0]?.reason).toBe('Response time above 800 ms for 3 checks in a row (last 1,240 ms).');
    const mixed = applySlowChecks(timeRule, 500, slow.state, run([100, 900, 100, 100], 1_003_000), UP);
    expect(mixed.events).toEqual([]);
    const back = applySlowChecks(timeRule, 500, mixed.state, run([312], 1_007_000), UP);
    expect(back.events).toEqual([
      {
        kind: 'slow_recovered',
        at: 1_007_000,
        reason: 'Response time back to at most 800 ms for 3 checks in a row (last 312 ms).',
      },
    ]);
  });

  it('with N = 1 says no run', () => {
    const rule: SlowAlertRule = { rule: 'response_time', above_ms: 60_000, checks: 1 };
    expect(applySlowChecks(rule, 500, NOT_SLOW, run([60_001]), UP).events[0]?.reason).toBe(
      'Response time above 60,000 ms (last 60,001 ms).',
    );
  });
});

describe('applySlowChecks — while down', () => {
  const slowState: SlowState = { isSlow: true, since: 900_000, reason: 'r', window: run([900, 900, 900], 900_000) };

  it('alerts nothing and forgets the window while down', () => {
    const step = applySlowChecks(timeRule, 500, NOT_SLOW, run([900, 900, 900]), { isDown: true, upSince: null });
    expect(step).toEqual({ state: NOT_SLOW, events: [] });
    const stillSlow = applySlowChecks(timeRule, 500, slowState, run([100, 100, 100]), { isDown: true, upSince: null });
    expect(stillSlow).toEqual({ state: { ...slowState, window: [] }, events: [] });
  });

  it('decides nothing while a failure is being confirmed, and decides at the next check once it is not', () => {
    const rule: SlowAlertRule = { rule: 'apdex', checks: 5, below: 0.9 };
    const confirming = applySlowChecks(rule, 500, NOT_SLOW, run([100, 100, 100, 100, 'x']), {
      isDown: false,
      upSince: null,
      confirming: true,
    });
    expect(confirming.events).toEqual([]);
    expect(confirming.state.window).toHaveLength(5);
    // A false alarm: the round ended up; the failure still counts in the apdex, as the spec says.
    expect(kinds(applySlowChecks(rule, 500, confirming.state, run([100], 1_005_000), UP))).toEqual(['slow']);
    // The response-time rule skips failures, so a round changes nothing for it.
    const timeConfirming = { isDown: false, upSince: null, confirming: true };
    expect(kinds(applySlowChecks(timeRule, 500, NOT_SLOW, run([900, 'x', 900, 900]), timeConfirming))).toEqual([
      'slow',
    ]);
  });

  it('counts only checks since the monitor came up', () => {
    const step = applySlowChecks(timeRule, 500, NOT_SLOW, run([900, 900, 900, 900]), {
      isDown: false,
      upSince: 1_002_000,
    });
    expect(step.events).toEqual([]);
    expect(step.state.window.map((check) => check.time)).toEqual([1_002_000, 1_003_000]);
  });

  it('a slow monitor back up recovers once its refilled window is fast', () => {
    const step = applySlowChecks(timeRule, 500, slowState, run([100, 100, 100]), { isDown: false, upSince: 1_000_000 });
    expect(kinds(step)).toEqual(['slow_recovered']);
  });
});

describe('sameSlowRule', () => {
  it.each([
    [{ rule: 'apdex', checks: 5, below: 0.7 }, { below: 0.7, checks: 5, rule: 'apdex' }, true],
    [{ rule: 'apdex', checks: 5, below: 0.7 }, { rule: 'apdex', checks: 6, below: 0.7 }, false],
    [{ rule: 'response_time', above_ms: 800, checks: 5 }, { rule: 'apdex', checks: 5, below: 0.7 }, false],
    [{ rule: 'response_time', above_ms: 800, checks: 5 }, { rule: 'response_time', above_ms: 801, checks: 5 }, false],
    [null, null, true],
    [null, { rule: 'apdex', checks: 5, below: 0.7 }, false],
  ] as const)('%j and %j: %s', (a, b, expected) => {
    expect(sameSlowRule(a as SlowAlertRule | null, b as SlowAlertRule | null)).toBe(expected);
  });
});
