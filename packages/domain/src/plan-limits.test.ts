import type { PlanSpecifications } from '@paydar/contracts/plans';
import { describe, expect, it } from 'vitest';
import {
  canAddMonitor,
  checkPlanLimits,
  type MonitorPlanInput,
  PLAN_LIMIT_TEXTS,
  type PlanViolation,
  statusPageSubscriberLimit,
} from './plan-limits';

const free: PlanSpecifications = {
  MINIMUM_MONITOR_PERIOD: 300,
  MAXIMUM_MONITOR_COUNT: 5,
  PROBERS: 3,
  PROTOCOL: { HTTP: { AVAILABLE_METHODS: ['GET', 'HEAD'] }, ICMP: {} },
  MONITOR_GROUP: false,
  METRIC_HISTORY_DAYS: 7,
};
const gold: PlanSpecifications = {
  MINIMUM_MONITOR_PERIOD: 15,
  MAXIMUM_MONITOR_COUNT: 100_000,
  PROBERS: 10,
  PROTOCOL: { HTTP: { AVAILABLE_METHODS: ['GET', 'POST', 'PUT', 'DELETE', 'HEAD'] }, ICMP: {}, TCP: {}, DNS: {} },
  MONITOR_GROUP: true,
  METRIC_HISTORY_DAYS: 90,
};
const oneProber: PlanSpecifications = { ...free, PROBERS: 1, MINIMUM_MONITOR_PERIOD: 60 };
const noHttp: PlanSpecifications = { ...gold, PROTOCOL: { ICMP: {} }, MINIMUM_MONITOR_PERIOD: 5 };

const enabled = new Set<number | string>([1, 2, 3, 4, 5]);
const base: MonitorPlanInput = {
  protocol_type: 'HTTP',
  period: 300,
  probers: [1, 2, 3],
  http_method: 'GET',
  labels: [],
};

describe('checkPlanLimits', () => {
  it.each<[string, PlanSpecifications, Partial<MonitorPlanInput>, number, 'create' | 'edit', PlanViolation[]]>([
    ['a monitor within the free plan', free, {}, 0, 'create', []],
    ['the last monitor that fits', free, {}, 4, 'create', []],
    [
      'count at the maximum when creating',
      free,
      {},
      5,
      'create',
      [{ field: null, message: "You can't add more than 5 monitors" }],
    ],
    ['count above the maximum when editing is fine', free, {}, 7, 'edit', []],
    [
      'count with thousands separators',
      gold,
      {},
      100_000,
      'create',
      [{ field: null, message: "You can't add more than 100,000 monitors" }],
    ],
    [
      'period under the minimum (5 min)',
      free,
      { period: 60 },
      0,
      'create',
      [{ field: 'period', message: "You can't select fewer than 5 min" }],
    ],
    [
      'period under the minimum (1 min)',
      oneProber,
      { period: 30, probers: [1] },
      0,
      'edit',
      [{ field: 'period', message: "You can't select fewer than 1 min" }],
    ],
    [
      'period under the minimum (15 sec)',
      gold,
      { period: 5 },
      0,
      'create',
      [{ field: 'period', message: "You can't select fewer than 15 sec" }],
    ],
    ['period at the minimum', gold, { period: 15 }, 0, 'create', []],
    [
      'a disabled prober',
      free,
      { probers: [1, 9] },
      0,
      'create',
      [{ field: 'probers', message: 'Enabled probers can only be selected.' }],
    ],
    [
      'prober ids as strings',
      free,
      { probers: ['a'] },
      0,
      'create',
      [{ field: 'probers', message: 'Enabled probers can only be selected.' }],
    ],
    [
      'more probers than the plan allows',
      free,
      { probers: [1, 2, 3, 4] },
      0,
      'create',
      [{ field: 'probers', message: "You can't select more than 3 probers" }],
    ],
    [
      'two probers on a one-prober plan',
      oneProber,
      { probers: [1, 2] },
      0,
      'create',
      [{ field: 'probers', message: "You can't select more than 1 prober" }],
    ],
    ['a prober repeated counts once', oneProber, { probers: [1, 1] }, 0, 'create', []],
    [
      'a protocol outside the plan',
      free,
      { protocol_type: 'TCP', http_method: null },
      0,
      'create',
      [{ field: 'protocol_type', message: 'Enabled protocols can only be selected.' }],
    ],
    [
      'HTTP outside the plan: the method is not judged',
      noHttp,
      { http_method: 'DELETE' },
      0,
      'create',
      [{ field: 'protocol_type', message: 'Enabled protocols can only be selected.' }],
    ],
    [
      'a method outside the plan',
      free,
      { http_method: 'POST' },
      0,
      'create',
      [{ field: 'http_method', message: 'Enabled methods can only be selected.' }],
    ],
    ['HEAD within the free plan', free, { http_method: 'HEAD' }, 0, 'create', []],
    ['no method means GET', free, { http_method: null }, 0, 'create', []],
    ['a method on ICMP is not judged', free, { protocol_type: 'ICMP', http_method: 'POST' }, 0, 'create', []],
    [
      'labels without monitor groups',
      free,
      { labels: ['prod'] },
      0,
      'edit',
      [{ field: 'labels', message: 'Your plan does not include monitor groups.' }],
    ],
    ['labels with monitor groups', gold, { labels: ['prod'], period: 15 }, 0, 'create', []],
    ['no labels given', free, { labels: null }, 0, 'create', []],
    [
      'everything at once, in order',
      free,
      { protocol_type: 'DNS', period: 5, probers: [1, 2, 3, 99], labels: ['x'] },
      5,
      'create',
      [
        { field: null, message: "You can't add more than 5 monitors" },
        { field: 'protocol_type', message: 'Enabled protocols can only be selected.' },
        { field: 'period', message: "You can't select fewer than 5 min" },
        { field: 'probers', message: 'Enabled probers can only be selected.' },
        { field: 'probers', message: "You can't select more than 3 probers" },
        { field: 'labels', message: 'Your plan does not include monitor groups.' },
      ],
    ],
  ])('%s', (_name, plan, change, monitorCount, mode, violations) => {
    const monitor = { ...base, ...change };
    expect(checkPlanLimits(monitor, { plan, enabledProberIds: enabled, monitorCount, mode })).toEqual(violations);
  });
});

describe('canAddMonitor', () => {
  it.each([
    [0, true],
    [4, true],
    [5, false],
    [6, false],
  ])('%d monitors on a 5-monitor plan → %s', (count, can) => {
    expect(canAddMonitor(count, free)).toBe(can);
  });
});

describe('the status page count text', () => {
  it.each([
    [1, "You can't add more than 1 status page"],
    [3, "You can't add more than 3 status pages"],
    [1000, "You can't add more than 1,000 status pages"],
  ])('%i', (maximum, text) => {
    expect(PLAN_LIMIT_TEXTS.statusPageCount(maximum)).toBe(text);
  });
});

describe('statusPageSubscriberLimit', () => {
  it('is the plan’s STATUS_PAGE_SUBSCRIBERS, and 100 for a plan stored before it', () => {
    expect(statusPageSubscriberLimit({ ...free, STATUS_PAGE_SUBSCRIBERS: 5_000 })).toBe(5_000);
    expect(statusPageSubscriberLimit({ ...free, STATUS_PAGE_SUBSCRIBERS: 0 })).toBe(0);
    expect(statusPageSubscriberLimit(free)).toBe(100);
  });
});
