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
  it('goes down when two of three fail, at the result that made the majority', () => {
    const outcome = applyResults(...monitor([1, 2, 3]), [
      input(1, 0, true),
      input(2, 0, true),
      input(3, 0, true),
      input(1, 15, false),
      input(2, 16, false),
      input(3, 17, true),
    ]);
    expect(outcome.transitions).toEqual([{ kind: 'down', at: at(16) }]);
    expect(outcome.update).toMatchObject({
      isDown: true,
      stateSince: at(16),
      lastCheckAt: at(17),
      lastStatusCode: 200,
    });
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
    ]);
    expect(outcome.transitions).toEqual([
      { kind: 'down', at: at(15) },
      { kind: 'up', at: at(45) },
    ]);
    expect(outcome.update.isDown).toBe(false);
  });

  it('lets no single prober decide when several are assigned', () => {
    expect(
      applyResults(...monitor([1, 2, 3]), [input(1, 0, false), input(1, 15, false), input(1, 30, false)]).transitions,
    ).toEqual([]);
  });

  it('lets the one prober still reporting decide once the silent ones had time to report', () => {
    // Period 15 s: a result stays recent 3 periods + the 15 s timeout = 60 s. Probers 2 and 3 never report.
    const outcome = applyResults(...monitor([1, 2, 3]), [
      input(1, 0, true),
      input(1, 45, true),
      input(1, 60, false),
      input(1, 75, false),
      input(1, 90, true),
    ]);
    expect(outcome.transitions).toEqual([
      { kind: 'down', at: at(60) },
      { kind: 'up', at: at(90) },
    ]);
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
