import { describe, expect, it } from 'vitest';
import type { MonitorState, ProberState } from './monitor-state.repository';
import { applyResults, type MonitorSettings, type StateInput } from './state-machine';

const t0 = Date.parse('2026-01-01T10:00:00Z');
const at = (seconds: number) => t0 + seconds * 1000;

/** A monitor's settings and its current state, as applyResults takes them. */
function monitor(
  proberIds: number[],
  { protocolType = 'HTTP', ...state }: Partial<MonitorState> & { protocolType?: string } = {},
): [MonitorSettings, MonitorState] {
  return [
    { periodSeconds: 15, protocolType, proberIds },
    {
      monitorId: 1,
      isDown: false,
      stateSince: null,
      firstCheckAt: null,
      lastCheckAt: null,
      lastStatusCode: null,
      lastStatus: null,
      proberStates: [],
      roundSince: null,
      roundOpenedAt: null,
      ...state,
    },
  ];
}

const input = (proberId: number, seconds: number, success: boolean): StateInput => ({
  proberId,
  time: at(seconds),
  success,
  statusCode: success ? 200 : 500,
  error: success ? null : 'HTTP 500',
  timeoutMs: 15_000,
});

describe('applyResults', () => {
  it('opens a round on the first failure and goes down when two of three re-checks fail, from that failure', () => {
    const outcome = applyResults(...monitor([1, 2, 3]), [
      input(1, 0, true),
      input(2, 0, true),
      input(3, 0, true),
      input(1, 15, false),
      input(1, 16, false),
      input(2, 16, false),
      input(3, 17, true),
    ]);
    expect(outcome.roundOpened).toBe(true);
    expect(outcome.transitions).toEqual([{ kind: 'down', at: at(15), reason: 'HTTP 500' }]);
    expect(outcome.update).toMatchObject({
      isDown: true,
      stateSince: at(15),
      lastCheckAt: at(17),
      lastStatusCode: 200,
      roundSince: null,
    });
  });

  it('is "confirming" (round open, still up) until the round has answered', () => {
    const outcome = applyResults(...monitor([1, 2, 3]), [input(1, 0, true), input(2, 0, true), input(1, 15, false)]);
    expect(outcome.transitions).toEqual([]);
    expect(outcome.update).toMatchObject({ isDown: false, roundSince: at(15) });
  });

  it('opens no downtime when the round contradicts a single failed check', () => {
    const outcome = applyResults(...monitor([1, 2, 3]), [
      input(1, 0, true),
      input(2, 0, true),
      input(3, 0, true),
      input(1, 15, false),
      input(1, 16, true),
      input(2, 16, true),
      input(3, 16, true),
    ]);
    expect(outcome.transitions).toEqual([]);
    expect(outcome.update).toMatchObject({ isDown: false, roundSince: null });
  });

  it('decides from the probers that answered once the round has waited its time', () => {
    const [settings, state] = monitor([1, 2, 3]);
    const opened = applyResults(settings, state, [
      input(1, 0, true),
      input(2, 0, true),
      input(3, 0, true),
      input(1, 15, false),
      input(1, 16, false),
    ]);
    expect(opened.transitions).toEqual([]);
    // Probers 2 and 3 never answer: 6 s after the first failure the round ends with prober 1's two failures.
    const settled = applyResults(settings, opened.update, [], at(21));
    expect(settled.transitions).toEqual([{ kind: 'down', at: at(15), reason: 'HTTP 500' }]);
    expect(settled.update.roundSince).toBeNull();
  });

  it('says why it went down from the failed checks, not from a success that came after them', () => {
    const refused = (proberId: number, seconds: number): StateInput => ({
      ...input(proberId, seconds, false),
      statusCode: null,
      error: 'connect ECONNREFUSED 127.0.0.1:9',
    });
    const outcome = applyResults(...monitor([1, 2, 3]), [
      input(1, 0, true),
      refused(1, 15),
      refused(1, 16),
      refused(2, 16),
      input(3, 17, true),
    ]);
    expect(outcome.transitions).toEqual([{ kind: 'down', at: at(15), reason: 'connect ECONNREFUSED 127.0.0.1:9' }]);
  });

  it('stays up while one of three fails', () => {
    const results = [0, 15, 30, 45].flatMap((s) => [input(1, s, false), input(2, s, true), input(3, s, true)]);
    expect(applyResults(...monitor([1, 2, 3]), results).transitions).toEqual([]);
  });

  it('with a lone prober, dates the downtime from the first of two failures and recovers on a success', () => {
    const outcome = applyResults(...monitor([1]), [
      input(1, 0, true),
      input(1, 15, false),
      input(1, 30, false),
      input(1, 45, true),
      input(1, 46, true),
    ]);
    expect(outcome.transitions).toEqual([
      { kind: 'down', at: at(15), reason: 'HTTP 500' },
      { kind: 'up', at: at(45), reason: null },
    ]);
    expect(outcome.update.isDown).toBe(false);
  });

  it('lets no single prober decide before the round has waited for the others', () => {
    expect(
      applyResults(...monitor([1, 2, 3]), [input(1, 0, false), input(1, 1, false), input(1, 2, false)]).transitions,
    ).toEqual([]);
  });

  it('lets the one prober still reporting decide once the silent ones had time to report', () => {
    // Probers 2 and 3 never report: each round waits for them, then decides from prober 1.
    const [settings, state] = monitor([1, 2, 3]);
    const failing = applyResults(
      settings,
      state,
      [input(1, 0, true), input(1, 60, false), input(1, 61, false)],
      at(60),
    );
    expect(failing.transitions).toEqual([]);
    const down = applyResults(settings, failing.update, [], at(65));
    expect(down.transitions).toEqual([{ kind: 'down', at: at(60), reason: 'HTTP 500' }]);
    const recovering = applyResults(settings, down.update, [input(1, 90, true), input(1, 91, true)], at(90));
    const up = applyResults(settings, recovering.update, [], at(95));
    expect(up.transitions).toEqual([{ kind: 'up', at: at(90), reason: null }]);
  });

  it('confirms a recovery the same way', () => {
    const [settings, state] = monitor([1, 2, 3]);
    const down = applyResults(settings, state, [
      input(1, 0, false),
      input(2, 0, false),
      input(3, 0, false),
      input(1, 1, false),
      input(2, 1, false),
      input(3, 1, false),
    ]);
    expect(down.update.isDown).toBe(true);
    const flicker = applyResults(
      settings,
      down.update,
      [input(1, 15, true), input(1, 16, false), input(2, 16, false)],
      at(16),
    );
    // Prober 3 does not answer: once the round has waited, the two failed re-checks keep it down.
    const settled = applyResults(settings, flicker.update, [], at(21));
    expect([...flicker.transitions, ...settled.transitions]).toEqual([]);
    expect(settled.update).toMatchObject({ isDown: true, roundSince: null });
    const back = applyResults(settings, settled.update, [
      input(1, 30, true),
      input(1, 31, true),
      input(2, 31, true),
      input(3, 31, false),
    ]);
    expect(back.transitions).toEqual([{ kind: 'up', at: at(30), reason: null }]);
  });

  it('ignores a result older than the prober state it already has', () => {
    const known: ProberState[] = [
      { proberId: 1, lastTime: at(60), lastSuccess: true, consecutiveFailures: 0, failingSince: null },
    ];
    const outcome = applyResults(...monitor([1], { lastCheckAt: at(60), lastStatusCode: 200, proberStates: known }), [
      input(1, 30, false),
    ]);
    expect(outcome.update).toMatchObject({
      lastCheckAt: at(60),
      lastStatusCode: 200,
      firstCheckAt: at(30),
      proberStates: known,
    });
  });

  it('keeps the verdicts of assigned probers only', () => {
    const verdict = (proberId: number): ProberState => ({
      proberId,
      lastTime: at(0),
      lastSuccess: true,
      consecutiveFailures: 0,
      failingSince: null,
    });
    const outcome = applyResults(...monitor([1, 2], { proberStates: [verdict(1), verdict(3)] }), [input(2, 15, false)]);
    expect(outcome.update.proberStates).toEqual([
      verdict(1),
      { proberId: 2, lastTime: at(15), lastSuccess: false, consecutiveFailures: 1, failingSince: at(15) },
    ]);
  });

  it('keeps a text status for non-HTTP monitors', () => {
    const outcome = applyResults(...monitor([1], { protocolType: 'TCP' }), [input(1, 0, false)]);
    expect(outcome.update).toMatchObject({ lastStatus: 'HTTP 500', lastStatusCode: null });
  });
});
