// @vitest-environment jsdom
import type { Metric } from '@paydar/contracts/metrics';
import { summaryOf } from '@paydar/contracts/monitor-summary';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OwnMonitorDetail } from '@/features/monitors/components/detail/own-monitor-detail';
import { MonitorListItem } from '@/features/monitors/components/list/monitor-list-item';
import { onUnauthorized } from '@/lib/api-client';
import { setSessionToken } from '@/lib/session-store';
import { buildMetric, buildMonitor, summaryPage } from '@/testing/monitor-builders';
import { renderWithProviders } from '@/testing/test-utils';
import { liveState, stubLiveFetch } from '../live.test-support';
import { LiveDashboard } from './live-dashboard';

const monitor = buildMonitor({ id: 7, protocol_type: 'HTTP', url: 'https://shop.example.test/' });
/** What the server would answer for today's figures: moves with what the test pushes. */
let serverMetric: Metric;

function renderDashboard() {
  const element = (
    <>
      <LiveDashboard />
      <MonitorListItem monitor={summaryOf(monitor)} selected={false} onAction={() => {}} />
    </>
  );
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  renderWithProviders(<RouterProvider router={router} />);
}

function startStream() {
  return stubLiveFetch('/api/v1/live/', (path) => {
    if (path === '/api/v1/monitors/7/metric') return { body: serverMetric };
    if (path === '/api/v1/monitors/') return { body: summaryPage([monitor]) };
    return { status: 404, body: { detail: 'Not found.' } };
  });
}

const item = () => screen.getByTestId('monitor-item');

describe('LiveDashboard', () => {
  beforeEach(() => {
    serverMetric = buildMetric({ last_status_code: 200, is_down: false });
    document.title = 'Paydar';
    setSessionToken('key-1', 'tab');
  });

  afterEach(() => onUnauthorized(null));

  it('moves an open list item to down and back without a reload, and the tab title counts it', async () => {
    const stream = startStream();
    renderDashboard();
    await waitFor(() => expect(item().dataset.status).toBe('up'));
    stream.push('ready', { ids: [7], down: [] }, 10);
    await waitFor(() => expect(stream.requests).toHaveLength(1));
    expect(document.title).toBe('Paydar');

    serverMetric = buildMetric({ last_status_code: 503, is_down: true });
    stream.push(
      'monitor',
      liveState(7, { is_down: true, last_status_code: 503, downtime_from: '2026-11-26T09:59:00.000Z' }),
      11,
    );
    await waitFor(() => expect(item().dataset.status).toBe('down'));
    expect(screen.getByTestId('last-result').textContent).toBe('503');
    await waitFor(() => expect(document.title).toBe('(1) Paydar'));

    serverMetric = buildMetric({ last_status_code: 200, is_down: false });
    stream.push('monitor', liveState(7), 12);
    await waitFor(() => expect(item().dataset.status).toBe('up'));
    await waitFor(() => expect(document.title).toBe('Paydar'));
  });

  it('says a detail’s monitor was removed elsewhere, and does not ask for it again', async () => {
    const asked: string[] = [];
    const stream = stubLiveFetch('/api/v1/live/', (path) => {
      asked.push(path);
      if (path === '/api/v1/monitors/7/') return { body: monitor };
      if (path === '/api/v1/monitors/7/metric') return { body: serverMetric };
      return { status: 404, body: { detail: 'Not found.' } };
    });
    const element = (
      <>
        <LiveDashboard />
        <OwnMonitorDetail id={7} />
      </>
    );
    const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
    renderWithProviders(<RouterProvider router={router} />);
    await waitFor(() => expect(asked).toContain('/api/v1/monitors/7/'));
    stream.push('ready', { ids: [7], down: [] }, 10);
    stream.push('removed', { id: 7 }, 11);
    await screen.findByText('This monitor was removed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked.filter((path) => path === '/api/v1/monitors/7/')).toHaveLength(1);
  });

  it('signs out when the stream is refused: a session that expired while it was open', async () => {
    const signOut = vi.fn();
    onUnauthorized(signOut);
    const stream = stubLiveFetch('/api/v1/live/', () => ({ status: 404, body: { detail: 'Not found.' } }), 401);
    renderDashboard();
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(stream.requests).toHaveLength(1);
  });

  it('counts in the title every down monitor the stream names, shown or not', async () => {
    const stream = startStream();
    renderDashboard();
    await waitFor(() => expect(stream.requests).toHaveLength(1));
    stream.push('ready', { ids: [7, 8, 9], down: [8, 9] }, 10);
    await waitFor(() => expect(document.title).toBe('(2) Paydar'));
    stream.push('removed', { id: 9 }, 10);
    await waitFor(() => expect(document.title).toBe('(1) Paydar'));
  });
});
