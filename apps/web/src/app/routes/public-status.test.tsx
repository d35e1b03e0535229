// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartProps } from '@/components/chart/chart';
import { profileQueryKey } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { setSessionToken } from '@/lib/session-store';
import { buildMetric, buildMonitor } from '@/testing/monitor-builders';
import { buildProfile, renderWithProviders, stubFetch } from '@/testing/test-utils';
import PublicStatusRoute from './public-status';

vi.mock('@/components/chart/chart', () => ({ Chart: (_props: ChartProps) => null }));

// 26 Nov 2026, 17:00 UTC: 20:30 in Tehran. Two days back is 24 Nov, Tehran time: 23 Nov 20:30 UTC on.
const NOW = Date.UTC(2026, 10, 26, 17);
const iso = (ms: number) => new Date(ms).toISOString();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  queryClient.clear();
  setSessionToken('key-1', 'tab');
  queryClient.setQueryData(profileQueryKey, buildProfile({ time_zone: 'Asia/Tehran' }));
});
afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
});

describe('the public status page', () => {
  it("shows the viewer's day two days ago, in their zone, asking for that day in it", async () => {
    const monitor = buildMonitor({ id: 7, creation_time: iso(NOW - 30 * 86_400_000) });
    const calls = stubFetch((url) => {
      if (url.includes('/api/v1/monitors/7/metric/raw')) return { body: { result: [] } };
      if (url.includes('/api/v1/monitors/7/metric')) return { body: buildMetric() };
      if (url.endsWith('/api/v1/monitors/7/')) return { body: monitor };
      return { status: 404, body: { detail: 'Not found.' } };
    });
    renderWithProviders(
      <MemoryRouter initialEntries={['/public_status/7']}>
        <Routes>
          <Route path="public_status/:id" element={<PublicStatusRoute />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('status-zone')).toHaveProperty('textContent', '(Asia/Tehran)');
    expect(screen.getByText(/^Nov 24th, 2026, 00:00 – 24:00/)).toBeTruthy();
    const urls = () => calls.mock.calls.map(([input]) => String(input));
    // One metric, of the viewer's date, asked in their zone: the server cuts the day as the page does.
    await waitFor(() => expect(urls().filter((url) => /\/metric\?day=/.test(url))).toHaveLength(1));
    expect(urls().filter((url) => /\/metric\?day=/.test(url))).toEqual([
      expect.stringContaining('/api/v1/monitors/7/metric?day=2026-11-24&time_zone=Asia%2FTehran'),
    ]);
    const raw = urls().filter((url) => url.includes('/metric/raw'));
    expect(raw).toHaveLength(4);
    expect(decodeURIComponent(raw[0] ?? '')).toContain('from_time=2026-11-23T20:30:00.000Z');
    expect(decodeURIComponent(raw[3] ?? '')).toContain('to_time=2026-11-24T20:30:00.000Z');
  });
});
