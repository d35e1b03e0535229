import { DEFAULT_ALERT_RULES } from '@paydar/contracts/alert-rules';
import type { Metric } from '@paydar/contracts/metrics';
import { compactSummary } from '@paydar/contracts/monitor-summary';
import type { Monitor, Prober } from '@paydar/contracts/monitors';
import type { Plan, PlanSpecifications, Subscription } from '@paydar/contracts/plans';

/** Test data of the monitor screens: monitors, probers, metrics and plans (imported by tests only). */

let nextId = 100;

export function buildProber(overrides: Partial<Prober> = {}): Prober {
  const id = overrides.id ?? ++nextId;
  return {
    id,
    name: `Prober ${id}`,
    is_active: true,
    disabled: false,
    datacenter: { country_code: 'DE', name: 'FSN1' },
    health: { last_seen_at: null, since: '2026-01-01T00:00:00.000Z', checks: 0, prober_failures: 0 },
    ...overrides,
  };
}

/** A monitor whose address, token and creation time follow its id (1 unless given), so lists tell them apart. */
export function buildMonitor(overrides: Partial<Monitor> = {}): Monitor {
  const id = overrides.id ?? 1;
  return {
    id,
    protocol_type: 'HTTP',
    url: `https://site-${id}.example.test/`,
    host: null,
    alias: null,
    period: 300,
    apdex: 0.5,
    http_method: 'GET',
    http_headers: [],
    http_body: null,
    http_accepted_statuses: '200-399',
    http_assertions: [],
    http_follow_redirects: true,
    timeout: null,
    probers: [{ id: 1, name: 'Local' }],
    alert: [],
    alert_rules: DEFAULT_ALERT_RULES,
    is_flapping: false,
    labels: [],
    is_enabled: true,
    is_protected: false,
    token: `token-${id}`,
    name: `https://site-${id}.example.test/`,
    creation_time: new Date(Date.UTC(2025, 0, 1) + id * 60_000).toISOString(),
    terminal_command: `curl https://site-${id}.example.test/`,
    dns_query_name: null,
    dns_query_type: 'A',
    last_status_code: 200,
    last_status: null,
    slow_alert: null,
    slow: null,
    certificate_expiry_days: [30, 14, 7, 1],
    certificate: null,
    heartbeat: null,
    ...overrides,
  };
}

/** One monitor on its own: 'Shop' (id 7), checking https://example.test/health, not checked yet. */
export function buildShopMonitor(overrides: Partial<Monitor> = {}): Monitor {
  return buildMonitor({
    id: 7,
    url: 'https://example.test/health',
    alias: 'Shop',
    probers: [{ id: 1, name: 'Prober 1' }],
    token: 'share-token',
    name: 'HTTP:Shop',
    creation_time: '2025-01-01T00:00:00.000Z',
    terminal_command: 'curl https://example.test/health',
    last_status_code: null,
    ...overrides,
  });
}

export const freeSpecifications: PlanSpecifications = {
  MINIMUM_MONITOR_PERIOD: 300,
  MAXIMUM_MONITOR_COUNT: 5,
  PROBERS: 3,
  PROTOCOL: { HTTP: { AVAILABLE_METHODS: ['GET', 'HEAD'] }, ICMP: {} },
  MONITOR_GROUP: false,
  METRIC_HISTORY_DAYS: 7,
};

/** The user's subscription: the Free plan unless `plan` names another, with `specifications`. */
export function buildSubscription(
  specifications: PlanSpecifications = freeSpecifications,
  plan: Partial<Omit<Plan, 'specifications'>> = {},
): Subscription {
  return {
    id: 1,
    is_active: true,
    period: null,
    start_time: '2025-01-01T00:00:00.000Z',
    expire_time: null,
    auto_renew: false,
    subscription_plan: {
      id: 1,
      name: 'Free',
      level: 0,
      default_cost: 0,
      description: { quantity: { Notification: 100 }, quality: { Protocol: ['HTTP', 'ICMP'], VoiceCall: false } },
      specifications,
      image_url: '',
      is_active: true,
      ...plan,
    },
  };
}

/** A subscription to the Gold plan, which allows groups and short periods, with `specifications` changed. */
export function buildGoldSubscription(specifications: Partial<PlanSpecifications> = {}): Subscription {
  return buildSubscription(
    {
      MINIMUM_MONITOR_PERIOD: 15,
      MAXIMUM_MONITOR_COUNT: 100,
      PROBERS: 10,
      PROTOCOL: { HTTP: { AVAILABLE_METHODS: ['GET'] }, ICMP: {} },
      MONITOR_GROUP: true,
      METRIC_HISTORY_DAYS: 90,
      ...specifications,
    },
    { name: 'Gold', level: 3, default_cost: 890_000 },
  );
}

export function buildMetric(overrides: Partial<Metric> = {}): Metric {
  return {
    last_status_code: 200,
    last_status: null,
    is_down: false,
    confirming: false,
    uptime_percent: 100,
    downtimes: [],
    paused: [],
    maintenance: [],
    in_maintenance_until: null,
    last_check_at: '2025-01-01T00:00:30.000Z',
    first_check_at: '2025-01-01T00:00:30.000Z',
    fetch_time: '2025-01-01T00:00:31.000Z',
    last_day_hourly_metrics: {
      from_time: '2024-12-31T01:00:00.000Z',
      apdex_percents: Array.from({ length: 24 }, () => null),
      paused: [],
      maintenance: [],
    },
    apdex_percent: 100,
    by_response_time: { buckets: [1, 0, 0, 0, 0, 0, 0, 0], error: 0, average_response_time: 80, under100000: 1 },
    probers: [],
    monthly_metrics: {},
    ...overrides,
  };
}

/** A list answer of the API. */
export const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

/** The list call's answer as the server sends it: each monitor as a summary, its empty fields left out. */
export const summaryPage = (monitors: readonly Monitor[]) => page(monitors.map(compactSummary));

/** The monitor a `/api/v1/monitors/{id}/` path names (the whole-monitor call), or undefined. */
export function wholeMonitorId(path: string): number | undefined {
  const match = /^\/api\/v1\/monitors\/(\d+)\/$/.exec(path);
  return match ? Number(match[1]) : undefined;
}
