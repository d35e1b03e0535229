import { describe, expect, it } from 'vitest';
import { coveredBadgePeriods, longestBadgePeriod } from './badge-periods';

describe('badge periods a plan covers', () => {
  it.each([
    [0, [], null],
    [1, ['24h'], '24h'],
    [6, ['24h'], '24h'],
    [7, ['24h', '7d'], '7d'],
    [29, ['24h', '7d'], '7d'],
    [30, ['24h', '7d', '30d'], '30d'],
    [365, ['24h', '7d', '30d'], '30d'],
    [Number.POSITIVE_INFINITY, ['24h', '7d', '30d'], '30d'],
    [Number.NaN, [], null],
  ])('%s days of history: %j, longest %s', (days, covered, longest) => {
    expect(coveredBadgePeriods(days)).toEqual(covered);
    expect(longestBadgePeriod(days)).toBe(longest);
  });
});
