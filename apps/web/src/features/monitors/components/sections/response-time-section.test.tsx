// @vitest-environment jsdom
import type { Metric } from '@paydar/contracts/metrics';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { renderWithProviders, stubFetch, withProviders } from '@/testing/test-utils';
import { ResponseTimeSection } from './response-time-section';

const byResponseTime: Metric['by_response_time'] = {
  buckets: [10, 5, 2, 1, 0, 0, 0, 0],
  error: 3,
  average_response_time: 180.25,
  under100000: 18,
};

const rawCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/metric/raw'));

function answerRaw() {
  return stubFetch((url) => {
    if (url.includes('/metric/raw')) return { body: { result: [] } };
    if (url.includes('/probers/')) return { body: { count: 0, next: null, previous: null, results: [] } };
    return { status: 404, body: { detail: 'Not found.' } };
  });
}

describe('ResponseTimeSection', () => {
  it('shows the failed checks and the average response time', () => {
    renderWithProviders(<ResponseTimeSection byResponseTime={byResponseTime} apdexSeconds={0.5} />);
    expect(screen.getByTestId('figure-failed-checks').textContent).toBe('3');
    expect(screen.getByTestId('figure-average').textContent).toBe('180.3 ms');
    // No raw data on shared views.
    expect(screen.queryByRole('switch', { name: 'Raw data' })).toBeNull();
  });

  it('loads the 24 hours up to the last check in four 6-hour calls when the raw chart is switched on', async () => {
    queryClient.clear();
    const fetchMock = answerRaw();
    renderWithProviders(
      <ResponseTimeSection
        byResponseTime={byResponseTime}
        apdexSeconds={0.5}
        raw={{ monitorId: 7, lastCheckAt: '2024-03-05T10:00:00.000Z' }}
      />,
    );
    expect(rawCalls(fetchMock)).toHaveLength(0);
    fireEvent.click(screen.getByRole('switch', { name: 'Raw data' }));
    await waitFor(() => expect(rawCalls(fetchMock)).toHaveLength(4));
    const windows = rawCalls(fetchMock).map((url) => new URL(url).searchParams.get('from_time'));
    expect(windows).toEqual([
      '2024-03-04T10:00:00.001Z',
      '2024-03-04T16:00:00.001Z',
      '2024-03-04T22:00:00.001Z',
      '2024-03-05T04:00:00.001Z',
    ]);
    expect(rawCalls(fetchMock).every((url) => url.includes('/monitors/7/metric/raw'))).toBe(true);
  });

  it('reloads when the last check changes and switches off when the monitor changes', async () => {
    queryClient.clear();
    const fetchMock = answerRaw();
    // rerender replaces the whole tree, so the providers come along.
    const section = (monitorId: number, lastCheckAt: string) =>
      withProviders(
        <ResponseTimeSection byResponseTime={byResponseTime} apdexSeconds={0.5} raw={{ monitorId, lastCheckAt }} />,
      );
    const view = render(section(7, '2024-03-05T10:00:00.000Z'));
    fireEvent.click(screen.getByRole('switch', { name: 'Raw data' }));
    await waitFor(() => expect(rawCalls(fetchMock)).toHaveLength(4));

    view.rerender(section(7, '2024-03-05T10:05:00.000Z'));
    await waitFor(() => expect(rawCalls(fetchMock)).toHaveLength(8));
    expect((screen.getByRole('switch', { name: 'Raw data' }) as HTMLInputElement).checked).toBe(true);

    view.rerender(section(8, '2024-03-05T10:05:00.000Z'));
    expect((screen.getByRole('switch', { name: 'Raw data' }) as HTMLInputElement).checked).toBe(false);
    expect(rawCalls(fetchMock).some((url) => url.includes('/monitors/8/'))).toBe(false);
  });
});
