import { notifications } from '@mantine/notifications';
import type { Metric } from '@paydar/contracts/metrics';
import { afterEach, beforeEach, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setSessionToken } from '@/lib/session-store';
import { buildMetric, buildShopMonitor, buildSubscription, page } from '@/testing/monitor-builders';
import { stubFetch } from '@/testing/test-utils';

/** "Now" in the detail panel's tests: the clock stands still here. */
export const NOW = Date.parse('2024-03-20T12:00:00Z');

/** Signs in, freezes `Date` at NOW and starts each test with an empty query cache. */
export function setUpDetailTests(): void {
  beforeEach(() => {
    queryClient.clear();
    setSessionToken('key-1', 'tab');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    queryClient.clear();
    notifications.clean();
  });
}

export const monitor = buildShopMonitor({
  id: 7,
  url: 'https://shop.example.test/health',
  alias: null,
  creation_time: '2024-01-01T08:00:00Z',
  terminal_command: "curl -sS 'https://shop.example.test/health'",
});
export const todayMetric = buildMetric({
  last_check_at: '2024-03-20T11:59:00Z',
  first_check_at: '2024-01-01T08:01:00Z',
  fetch_time: '2024-03-20T12:00:00Z',
});

export type Call = { url: string; method: string; body: unknown };

/** The API as the panel sees it; every call is recorded. */
export function stubApi(answers: { metric?: (url: string) => Metric | { status: number; body: unknown } } = {}) {
  const calls: Call[] = [];
  stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url.includes('/metric')) {
      const answer = answers.metric?.(url) ?? todayMetric;
      return 'status' in answer && 'body' in answer ? answer : { body: answer };
    }
    if (url.endsWith('/users/subscriptions')) return { body: page([buildSubscription()]) };
    if (url.endsWith(`/monitors/${monitor.id}/`) && method === 'PUT') {
      return { body: { ...monitor, ...(JSON.parse(String(init.body)) as object), probers: monitor.probers } };
    }
    if (url.endsWith(`/monitors/${monitor.id}/`)) return { body: monitor };
    return { status: 404, body: { detail: 'Not found.', code: 'NOT_FOUND' } };
  });
  return calls;
}
