import type { PlanSpecifications } from '@paydar/contracts/plans';
import { describe, expect, it } from 'vitest';
import {
  addPeriod,
  isSoldFromWallet,
  type MonitorUnderLimits,
  monitorsBeyondPlan,
  priceOf,
  unusedCredit,
} from './subscription-rules';

const at = (iso: string) => new Date(iso);

describe('priceOf', () => {
  it.each([
    [89_000, 'Monthly', 89_000],
    [89_000, 'Yearly', 1_068_000],
    [890_000, 'Yearly', 10_680_000],
    [1, 'Monthly', 1],
  ] as const)('%i a month for %s costs %i', (monthly, period, expected) => {
    expect(priceOf(monthly, period)).toBe(expected);
  });
});

describe('isSoldFromWallet', () => {
  it.each([
    [{ level: 0, defaultCost: 0 }, false],
    [{ level: 1, defaultCost: 89_000 }, true],
    [{ level: 3, defaultCost: 890_000 }, true],
    [{ level: 10, defaultCost: 0 }, false],
    [{ level: 10, defaultCost: 5_000_000 }, false],
    [{ level: 2, defaultCost: 0 }, false],
  ])('%o → %s', (plan, expected) => {
    expect(isSoldFromWallet(plan)).toBe(expected);
  });
});

describe('addPeriod', () => {
  it.each([
    ['2026-03-15T10:20:30.000Z', 'Monthly', '2026-04-15T10:20:30.000Z'],
    ['2026-01-31T08:00:00.000Z', 'Monthly', '2026-02-28T08:00:00.000Z'],
    ['2028-01-31T08:00:00.000Z', 'Monthly', '2028-02-29T08:00:00.000Z'],
    ['2026-12-31T23:59:59.000Z', 'Monthly', '2027-01-31T23:59:59.000Z'],
    ['2026-05-31T00:00:00.000Z', 'Monthly', '2026-06-30T00:00:00.000Z'],
    ['2028-02-29T12:00:00.000Z', 'Yearly', '2029-02-28T12:00:00.000Z'],
    ['2026-07-04T00:00:00.000Z', 'Yearly', '2027-07-04T00:00:00.000Z'],
  ] as const)('%s + %s = %s', (start, period, end) => {
    expect(addPeriod(at(start), period).toISOString()).toBe(end);
  });
});

describe('unusedCredit', () => {
  const period = { start: at('2026-04-01T00:00:00Z'), end: at('2026-05-01T00:00:00Z') }; // 30 days

  it.each([
    ['at the start: all of it', '2026-04-01T00:00:00Z', 89_000, 89_000],
    ['before the start: all of it', '2026-03-20T00:00:00Z', 89_000, 89_000],
    ['a third in: two thirds', '2026-04-11T00:00:00Z', 90_000, 60_000],
    ['half way', '2026-04-16T00:00:00Z', 89_000, 44_500],
    ['rounded down (59,333.3)', '2026-04-11T00:00:00Z', 89_000, 59_333],
    ['rounded down, never up (29,666.7)', '2026-04-21T00:00:00Z', 89_000, 29_666],
    ['one millisecond before the end: 0 Tomans', '2026-04-30T23:59:59.999Z', 89_000, 0],
    ['at the end: nothing', '2026-05-01T00:00:00Z', 89_000, 0],
    ['after the end: nothing', '2026-06-01T00:00:00Z', 89_000, 0],
  ])('%s', (_case, now, paid, expected) => {
    expect(unusedCredit(paid, period, at(now))).toBe(expected);
  });

  it('is nothing when nothing was paid', () => {
    expect(unusedCredit(0, period, at('2026-04-02T00:00:00Z'))).toBe(0);
  });

  it('stays exact where Tomans × milliseconds passes 2^53 (a year of Gold, Yearly)', () => {
    const year = { start: at('2026-01-01T00:00:00Z'), end: at('2027-01-01T00:00:00Z') };
    // 10,680,000 × 365 days in ms ≈ 3.4e17: a float product would lose the last digits.
    expect(unusedCredit(10_680_000, year, at('2026-07-02T12:00:00Z'))).toBe(5_340_000);
    expect(unusedCredit(10_680_001, year, at('2026-01-01T00:00:00.001Z'))).toBe(10_680_000);
  });
});

describe('monitorsBeyondPlan', () => {
  const free: PlanSpecifications = {
    MINIMUM_MONITOR_PERIOD: 300,
    MAXIMUM_MONITOR_COUNT: 3,
    PROBERS: 3,
    PROTOCOL: { HTTP: { AVAILABLE_METHODS: ['GET', 'HEAD'] }, ICMP: {} },
    MONITOR_GROUP: false,
    METRIC_HISTORY_DAYS: 7,
  };
  const monitor = (id: number, overrides: Partial<MonitorUnderLimits> = {}): MonitorUnderLimits => ({
    id,
    protocolType: 'HTTP',
    periodSeconds: 300,
    httpMethod: 'GET',
    isProtected: false,
    ...overrides,
  });

  it('keeps everything that fits', () => {
    expect(monitorsBeyondPlan([monitor(3), monitor(2), monitor(1)], free)).toEqual([]);
  });

  it('switches off the newest beyond the count, keeping the oldest', () => {
    expect(
      monitorsBeyondPlan(
        [6, 5, 4, 3, 2, 1].map((id) => monitor(id)),
        free,
      ),
    ).toEqual([6, 5, 4]);
  });

  it('switches off what the plan does not carry, then counts only what is left', () => {
    const list = [
      monitor(7),
      monitor(6, { protocolType: 'TCP' }),
      monitor(5, { periodSeconds: 60 }),
      monitor(4, { httpMethod: 'POST' }),
      monitor(3, { protocolType: 'ICMP' }),
      monitor(2),
      monitor(1, { protocolType: 'DNS' }),
    ];
    // 6, 5, 4 and 1 break a limit; of 7, 3, 2 all three fit the count.
    expect(monitorsBeyondPlan(list, free)).toEqual([6, 5, 4, 1]);
  });

  it('never picks a protected monitor, which still takes a place in the count', () => {
    const list = [
      monitor(5),
      monitor(4, { isProtected: true, protocolType: 'TCP' }),
      monitor(3),
      monitor(2),
      monitor(1),
    ];
    expect(monitorsBeyondPlan(list, free)).toEqual([5, 3]);
  });
});
