import type { Metric } from '@paydar/contracts/metrics';
import type { Monitor } from '@paydar/contracts/monitors';
import type { PlanSpecifications, Subscription } from '@paydar/contracts/plans';
import { vi } from 'vitest';

/** Test data for the monitor list's and the dashboard's tests (imported by tests only). */

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
    probers: [{ id: 1, name: 'Local' }],
    alert: [],
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
    ...overrides,
  };
}

export function buildMetric(overrides: Partial<Metric> = {}): Metric {
  return {
    last_status_code: 200,
    last_status: null,
    is_down: false,
    uptime_percent: 100,
    downtimes: [],
    last_check_at: '2025-01-02T12:00:00.000Z',
    first_check_at: '2025-01-02T00:00:00.000Z',
    fetch_time: '2025-01-02T12:00:01.000Z',
    last_day_hourly_metrics: { apdex_percents: Array.from({ length: 24 }, () => 95) },
    apdex_percent: 95,
    by_response_time: { buckets: [1, 0, 0, 0, 0, 0, 0, 0], error: 0, average_response_time: 80, under100000: 1 },
    probers: [],
    monthly_metrics: {},
    ...overrides,
  };
}

export function buildSubscription(specifications: Partial<PlanSpecifications> = {}): Subscription {
  return {
    id: 1,
    is_active: true,
    period: null,
    start_time: '2025-01-01T00:00:00.000Z',
    expire_time: null,
    subscription_plan: {
      id: 1,
      name: 'Gold',
      level: 3,
      default_cost: 890_000,
      description: { quantity: { Notification: 100 }, quality: { Protocol: ['HTTP', 'ICMP'] } },
      specifications: {
        MINIMUM_MONITOR_PERIOD: 15,
        MAXIMUM_MONITOR_COUNT: 100,
        PROBERS: 10,
        PROTOCOL: { HTTP: { AVAILABLE_METHODS: ['GET'] }, ICMP: {} },
        MONITOR_GROUP: true,
        METRIC_HISTORY_DAYS: 90,
        ...specifications,
      },
      image_url: '',
      is_active: true,
    },
  };
}

/** A list answer of the API. */
export const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

/**
 * jsdom lays nothing out, so the virtualized list would see a 0 px viewport and draw no item: give
 * the list's scroll box a height.
 */
export function giveListHeight(height: number) {
  const inherited = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      if (this.dataset.testid === 'monitor-list-scroll') return height;
      return inherited?.get?.call(this) ?? 0;
    },
  });
}

/** Screen width for Mantine's useMediaQuery: `matches` follows min-width queries. */
export function setScreenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return {
      matches: min ? width >= Number(min[1]) : false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  });
}
