import { describe, expect, it } from 'vitest';
import { CONFIRMATION_WAIT_MS, opensRound, type RoundProber, settleRound } from './confirmation';

const since = 1_000_000;
const prober = (proberId: number, lastTime: number, success: boolean, consecutiveFailures = success ? 0 : 1) =>
  ({ proberId, lastTime, success, consecutiveFailures }) satisfies RoundProber;
const round = (probers: RoundProber[], options: { isDown?: boolean; now?: number; clock?: number } = {}) =>
  settleRound({
    isDown: options.isDown ?? false,
    since,
    openedAt: since,
    assigned: [1, 2, 3],
    probers,
    now: options.now ?? since + 2_000,
    maxAgeMs: 60_000,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
  });

describe('settleRound', () => {
  it.each([
    {
      name: 'waits while a fresh prober has not answered',
      probers: [prober(1, since + 500, false, 2), prober(2, since + 600, false), prober(3, since - 100, true)],
      expected: { over: false },
    },
    {
      name: 'waits for a re-check when every answer is from the round’s own instant',
      probers: [prober(1, since, false), prober(2, since, true), prober(3, since, true)],
      expected: { over: false },
    },
    {
      name: 'counts the failure that opened the round as its prober’s answer',
      probers: [prober(1, since, false), prober(2, since + 600, false), prober(3, since + 700, true)],
      expected: { over: true, transition: 'down' },
    },
    {
      name: 'goes down when two of three answers fail',
      probers: [prober(1, since + 500, false, 2), prober(2, since + 600, false), prober(3, since + 700, true)],
      expected: { over: true, transition: 'down' },
    },
    {
      name: 'stays up when the answers contradict the failure',
      probers: [prober(1, since + 500, true), prober(2, since + 600, true), prober(3, since + 700, true)],
      expected: { over: true, transition: null },
    },
    {
      name: 'does not wait for a prober silent past the maximum age',
      probers: [prober(1, since + 500, false, 2), prober(2, since + 600, false), prober(3, since - 90_000, true)],
      expected: { over: true, transition: 'down' },
    },
    {
      name: 'decides from those that answered once the wait has passed',
      probers: [prober(1, since + 500, false, 2), prober(2, since - 100, true), prober(3, since - 100, true)],
      clock: since + CONFIRMATION_WAIT_MS,
      expected: { over: true, transition: 'down' },
    },
    {
      name: 'does not time out before the wait has passed on the clock',
      probers: [prober(1, since + 500, false, 2), prober(2, since - 100, true), prober(3, since - 100, true)],
      clock: since + CONFIRMATION_WAIT_MS - 1,
      expected: { over: false },
    },
  ])('$name', ({ probers, clock, expected }) => {
    const outcome = round(probers, clock === undefined ? {} : { clock });
    expect(outcome.over).toBe(expected.over);
    if (outcome.over) expect(outcome.decision.transition).toBe(expected.transition);
  });

  it('confirms a recovery by the same rule', () => {
    const outcome = round([prober(1, since + 1, true), prober(2, since + 2, true), prober(3, since + 3, false)], {
      isDown: true,
    });
    expect(outcome).toMatchObject({ over: true, decision: { transition: 'up', isDown: false } });
  });
});

describe('opensRound', () => {
  const ok = { proberId: 1, success: true, consecutiveFailures: 0 };
  const failed = { proberId: 1, success: false, consecutiveFailures: 1 };
  it.each([
    {
      name: 'first failure while up',
      isDown: false,
      success: false,
      previous: true,
      latest: [failed, ok, ok],
      opens: true,
    },
    { name: 'a success while up', isDown: false, success: true, previous: true, latest: [ok, ok, ok], opens: false },
    {
      name: 'a failing prober failing again',
      isDown: false,
      success: false,
      previous: false,
      latest: [failed, ok, ok],
      opens: false,
    },
    {
      name: 'first success while down',
      isDown: true,
      success: true,
      previous: false,
      latest: [ok, failed, failed],
      opens: true,
    },
    {
      name: 'the latest results already call for down',
      isDown: false,
      success: false,
      previous: false,
      latest: [failed, failed, ok],
      opens: true,
    },
  ])('$name → $opens', ({ isDown, success, previous, latest, opens }) => {
    expect(opensRound(isDown, { success }, { lastSuccess: previous }, latest)).toBe(opens);
  });
});
