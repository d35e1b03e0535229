import { describe, expect, it } from 'vitest';
import {
  decideMonitorState,
  isRecentEnough,
  type ProberLatest,
  resultMaxAgeMs,
  type Transition,
} from './monitor-state';

const ok = (proberId: number): ProberLatest => ({ proberId, success: true, consecutiveFailures: 0 });
const failed = (proberId: number, consecutiveFailures = 1): ProberLatest => ({
  proberId,
  success: false,
  consecutiveFailures,
});

describe('decideMonitorState', () => {
  it.each<[string, boolean, ProberLatest[], boolean, Transition]>([
    // several probers, from up
    ['1 of 3 failing stays up', false, [failed(1), ok(2), ok(3)], false, null],
    ['2 of 3 failing goes down', false, [failed(1), failed(2), ok(3)], true, 'down'],
    ['3 of 3 failing goes down', false, [failed(1, 5), failed(2), failed(3)], true, 'down'],
    ['2 of 4 is not a strict majority: stays up', false, [failed(1), failed(2), ok(3), ok(4)], false, null],
    ['3 of 4 failing goes down', false, [failed(1), failed(2), failed(3), ok(4)], true, 'down'],
    ['1 of 2 failing stays up', false, [failed(1, 9), ok(2)], false, null],
    ['2 of 2 failing goes down', false, [failed(1), failed(2)], true, 'down'],
    // several probers, recovery
    ['down, 2 of 3 succeed again: up', true, [failed(1), ok(2), ok(3)], false, 'up'],
    ['down, 3 of 3 succeed: up', true, [ok(1), ok(2), ok(3)], false, 'up'],
    ['down, 2 of 3 still failing: stays down', true, [failed(1), failed(2), ok(3)], true, null],
    ['down, 2 of 4 succeed: a tie keeps it down', true, [failed(1), failed(2), ok(3), ok(4)], true, null],
    ['down, 3 of 4 succeed: up', true, [failed(1), ok(2), ok(3), ok(4)], false, 'up'],
    // one prober
    ['one prober, one failure: stays up', false, [failed(1, 1)], false, null],
    ['one prober, two failures in a row: down', false, [failed(1, 2)], true, 'down'],
    ['one prober, many failures in a row: down', false, [failed(1, 7)], true, 'down'],
    ['one prober, a success: stays up', false, [ok(1)], false, null],
    ['one prober, down, one success brings it up', true, [ok(1)], false, 'up'],
    ['one prober, down, still failing: stays down', true, [failed(1, 3)], true, null],
    ['one prober, down, a first failure is no recovery', true, [failed(1, 1)], true, null],
    ['one prober, a failure with no count counts as one', false, [failed(1, 0)], false, null],
    // nobody reporting
    ['no prober reporting keeps up', false, [], false, null],
    ['no prober reporting keeps down', true, [], true, null],
  ])('%s', (_name, isDown, latest, nextDown, transition) => {
    const decision = decideMonitorState(isDown, latest);
    expect(decision.isDown).toBe(nextDown);
    expect(decision.transition).toBe(transition);
  });

  it('reports how many probers fail out of how many', () => {
    expect(decideMonitorState(false, [failed(1), ok(2), ok(3)])).toEqual({
      isDown: false,
      transition: null,
      failing: 1,
      reporting: 3,
    });
  });

  it('walks a scripted outage with one prober', () => {
    const script: [ProberLatest, Transition][] = [
      [ok(1), null],
      [failed(1, 1), null],
      [failed(1, 2), 'down'],
      [failed(1, 3), null],
      [ok(1), 'up'],
      [failed(1, 1), null],
      [ok(1), null],
    ];
    let isDown = false;
    for (const [latest, transition] of script) {
      const decision = decideMonitorState(isDown, [latest]);
      expect(decision.transition).toBe(transition);
      isDown = decision.isDown;
    }
  });
});

describe('isRecentEnough', () => {
  const now = Date.parse('2024-03-05T10:00:00Z');
  it.each<[number | Date, boolean]>([
    [now - 1000, true],
    [now - 60_000, true], // exactly the limit counts
    [now - 60_001, false],
    [new Date(now - 5000), true],
    [now - 3_600_000, false],
  ])('%j → %j', (at, counts) => {
    expect(isRecentEnough(at, now, 60_000)).toBe(counts);
  });
});

describe('resultMaxAgeMs', () => {
  it.each([
    [60, 10_000, 190_000],
    [5, 5_000, 20_000],
  ])('period %d s, timeout %d ms → %d ms', (period, timeout, maxAge) => {
    expect(resultMaxAgeMs(period, timeout)).toBe(maxAge);
  });
});
