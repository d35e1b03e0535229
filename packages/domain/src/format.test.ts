import { describe, expect, it } from 'vitest';
import { formatDuration, formatPlanPrice, formatSeconds, formatTomans } from './format';

describe('formatPlanPrice', () => {
  it.each([
    [0, 'Free'],
    [1, '1 Toman'],
    [2, '2 Tomans'],
    [89_000, '89,000 Tomans'],
    [1_250_000, '1,250,000 Tomans'],
  ])('%d Tomans a month is shown as %s', (cost, shown) => {
    expect(formatPlanPrice(cost)).toBe(shown);
  });
});

describe('formatTomans', () => {
  it.each([
    [0, '0 Tomans'],
    [1, '1 Toman'],
    [50_000, '50,000 Tomans'],
    [-3_000, '-3,000 Tomans'],
  ])('%d → %s', (amount, shown) => {
    expect(formatTomans(amount)).toBe(shown);
  });
});

describe('formatSeconds', () => {
  it.each([
    [5, '5 sec'],
    [30, '30 sec'],
    [60, '1 min'],
    [300, '5 min'],
    [3600, '1 hour'],
    [7200, '2 hours'],
  ])('%d s → %s', (seconds, shown) => {
    expect(formatSeconds(seconds)).toBe(shown);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0 seconds'],
    [1_000, '1 second'],
    [44_600, '45 seconds'],
    [60_000, '1 minute'],
    [12 * 60_000 + 59_000, '12 minutes'],
    [3_600_000, '1 hour'],
    [3_600_000 + 5 * 60_000, '1 hour 5 minutes'],
    [2 * 86_400_000 + 3 * 3_600_000 + 59 * 60_000, '2 days 3 hours'],
    [86_400_000, '1 day'],
    [-5_000, '0 seconds'],
  ])('%d ms is %s', (milliseconds, expected) => {
    expect(formatDuration(milliseconds)).toBe(expected);
  });
});
