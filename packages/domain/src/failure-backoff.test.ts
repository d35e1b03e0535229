import { describe, expect, it } from 'vitest';
import { backoffWaitMs, nextAttemptAt } from './failure-backoff';

const MINUTE = 60_000;
const policy = { freeFailures: 10, firstWaitMs: MINUTE, maxWaitMs: 60 * MINUTE, memoryMs: 24 * 60 * MINUTE };

describe('backoffWaitMs', () => {
  it.each([
    [0, 0],
    [9, 0],
    [10, MINUTE],
    [11, 2 * MINUTE],
    [12, 4 * MINUTE],
    [15, 32 * MINUTE],
    [16, 60 * MINUTE],
    [17, 60 * MINUTE],
    [10_000, 60 * MINUTE],
  ])('%i failures: waits %i ms after the last', (failures, wait) => {
    expect(backoffWaitMs(policy, failures)).toBe(wait);
  });
});

describe('nextAttemptAt', () => {
  it('counts the wait from the last failure, whatever the clock says', () => {
    // 14:50 past an hour, just before a quarter: the quarter brings nothing.
    const last = Date.UTC(2026, 11, 2, 1, 14, 50);
    expect(nextAttemptAt(policy, 10, last)).toBe(last + MINUTE);
    expect(nextAttemptAt(policy, 3, last)).toBe(last);
  });
});
