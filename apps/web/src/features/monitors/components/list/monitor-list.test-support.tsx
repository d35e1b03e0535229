// The monitor list's tests share these: the API stub, the render, the fixtures, the set-up.
import type { Metric } from '@paydar/contracts/metrics';
import { summaryOf } from '@paydar/contracts/monitor-summary';
import type { Monitor } from '@paydar/contracts/monitors';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { setSessionToken } from '@/lib/session-store';
import { buildMetric, buildMonitor, wholeMonitorId } from '@/testing/monitor-builders';
import { renderWithProviders, stubFetch } from '@/testing/test-utils';
import { resetMonitorListState } from '../../hooks/use-monitor-list-state';
import { giveListHeight } from './list-test-builders';
import { MonitorList, type MonitorListProps } from './monitor-list';

export const VIEWPORT = 600;

export type Answer = { status?: number; body?: unknown };

/** The API as the list meets it: figures per monitor, whole monitors, DELETE, everything else 404. */
export function stubApi(
  options: { metrics?: Record<number, Partial<Metric>>; remove?: Answer; monitors?: Monitor[] } = {},
) {
  return stubFetch((url, init) => {
    const path = new URL(url).pathname;
    const whole = options.monitors?.find((monitor) => monitor.id === wholeMonitorId(path));
    if (whole && (init.method ?? 'GET') === 'GET') return { body: whole };
    const metric = /^\/api\/v1\/monitors\/(\d+)\/metric$/.exec(path);
    if (metric && (init.method ?? 'GET') === 'GET') {
      return { body: buildMetric(options.metrics?.[Number(metric[1])] ?? {}) };
    }
    if (/^\/api\/v1\/monitors\/\d+\/$/.test(path) && init.method === 'DELETE') {
      return options.remove ?? { status: 204 };
    }
    if (path === '/api/v1/monitors/') return { body: { count: 0, next: null, previous: null, results: [] } };
    return { status: 404, body: { detail: 'Not found.' } };
  });
}

/** The list of `monitors`, given as the list call answers them: summaries. */
export function renderList({ monitors, ...props }: Partial<MonitorListProps> & { monitors: Monitor[] }) {
  const handlers = { onAdd: vi.fn(), onRemoved: vi.fn() };
  const element = (
    <MonitorList
      monitors={monitors.map(summaryOf)}
      selectedId={undefined}
      canAdd
      groupsEnabled={false}
      {...handlers}
      {...props}
      overscan={2}
    />
  );
  const router = createMemoryRouter(
    [
      { path: '/', element },
      { path: '/monitor/:id', element },
    ],
    { initialEntries: ['/'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { ...handlers, router };
}

export const items = () => screen.queryAllByTestId('monitor-item');
export const itemIds = () => items().map((item) => Number(item.dataset.monitorId));
export const metricCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => /\/metric(\?|$)/.test(url));

/** Call at a test file's top: the list's viewport height, a session, a fresh list state per test. */
export function setUpListTests() {
  giveListHeight(VIEWPORT);
  beforeEach(() => {
    setSessionToken('key-1', 'local');
    resetMonitorListState();
  });
  afterEach(() => resetMonitorListState());
}

/**
 * Building a thousand monitors' list in jsdom takes seconds on a loaded 2-core CI machine; these
 * tests assert what is drawn and fetched, not how fast, so they get room beyond the 5 s default.
 */
export const THOUSAND_ITEMS_TIMEOUT_MS = 30_000;

/** Three monitors of two protocols and groups, newest first. */
export const shop = buildMonitor({ id: 3, alias: 'Shop', url: 'https://shop.example.test/', labels: ['prod'] });
export const blog = buildMonitor({ id: 2, url: 'https://blog.example.test/', labels: ['web'] });
export const dns = buildMonitor({
  id: 1,
  protocol_type: 'DNS',
  url: null,
  host: '1.1.1.1',
  alias: 'Resolver',
  last_status_code: null,
  last_status: 'OK',
});
export const three = [shop, blog, dns];
