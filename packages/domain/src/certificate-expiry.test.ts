import { describe, expect, it } from 'vitest';
import { certificateDaysLeft, crossedThresholds, isCertificateUrgent, mostUrgentThreshold } from './certificate-expiry';

const now = Date.parse('2026-11-27T12:00:00Z');
const HOUR = 3_600_000;

describe('certificateDaysLeft', () => {
  it.each([
    ['2026-12-27T12:00:00Z', 30],
    ['2026-12-04T11:00:00Z', 6],
    ['2026-12-04T12:00:00Z', 7],
    ['2026-11-27T13:00:00Z', 0],
    ['2026-11-27T11:00:00Z', -1],
  ])('%s is %i days away', (validTo, days) => {
    expect(certificateDaysLeft(validTo, now)).toBe(days);
  });

  it('takes dates, strings and epoch milliseconds alike', () => {
    expect(certificateDaysLeft(new Date(now + 49 * HOUR), new Date(now))).toBe(2);
    expect(certificateDaysLeft(now + 49 * HOUR, now)).toBe(2);
  });
});

describe('crossedThresholds', () => {
  const defaults = [30, 14, 7, 1];
  it.each([
    [31, []],
    [30, [30]],
    [15, [30]],
    [14, [30, 14]],
    [5, [30, 14, 7]],
    [1, [30, 14, 7, 1]],
    [-3, [30, 14, 7, 1]],
  ])('%i days left crosses %j', (daysLeft, crossed) => {
    expect(crossedThresholds(daysLeft, defaults)).toEqual(crossed);
  });

  it('orders unsorted thresholds largest first and crosses none of an empty list', () => {
    expect(crossedThresholds(3, [7, 60, 3])).toEqual([60, 7, 3]);
    expect(crossedThresholds(0, [])).toEqual([]);
  });
});

describe('mostUrgentThreshold and isCertificateUrgent', () => {
  it('picks the smallest crossed threshold', () => {
    expect(mostUrgentThreshold([30, 14, 7])).toBe(7);
    expect(mostUrgentThreshold([])).toBeUndefined();
  });

  it('is urgent at or under the smallest threshold only', () => {
    expect(isCertificateUrgent(2, [30, 14, 7, 1])).toBe(false);
    expect(isCertificateUrgent(1, [30, 14, 7, 1])).toBe(true);
    expect(isCertificateUrgent(-1, [])).toBe(false);
  });
});
