// @vitest-environment jsdom
import { HISTORY_BLOCKED_TEXT } from '@paydar/domain/history';
import { DAY_MS } from '@paydar/domain/time';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildMetric, buildSubscription, page } from '@/testing/monitor-builders';
import { renderWithProviders, stubFetch, withProviders } from '@/testing/test-utils';
import { MonitorDetail, NO_DATA_REFRESH_DELAY_MS } from './monitor-detail';
import { monitor, NOW, setUpDetailTests, stubApi, todayMetric } from './monitor-detail.test-support';
import { OwnMonitorDetail } from './own-monitor-detail';

// The chart sections have tests of their own; here they only show that they were given their figures.
vi.mock('../sections/hourly-apdex-chart', () => ({ HourlyApdexChart: () => <div>hourly apdex chart</div> }));
vi.mock('../sections/response-time-section', () => ({
  ResponseTimeSection: (props: { raw?: unknown }) => <div>response time {props.raw ? 'with raw' : 'no raw'}</div>,
}));
vi.mock('../sections/prober-timings-chart', () => ({ ProberTimingsChart: () => null }));
vi.mock('../sections/phase-timings-chart', () => ({ PhaseTimingsChart: () => null }));
vi.mock('../sections/heat-map-calendar', () => ({
  HeatMapCalendar: (props: { now: number; onPickDay: (day: number) => void }) => (
    <button type="button" onClick={() => props.onPickDay(props.now - 20 * DAY_MS)}>
      heat map: 20 days ago
    </button>
  ),
}));

setUpDetailTests();

/** Opens the owner's panel once the plan is known, picks a day in the Date popup and presses 'Set Date'. */
async function setDate(dayLabel: string) {
  const calls = stubApi();
  renderWithProviders(<MonitorDetail monitor={monitor} />);
  await screen.findByText('Up');
  await waitFor(() => expect(calls.some((call) => call.url.endsWith('/users/subscriptions'))).toBe(true));
  fireEvent.click(screen.getByRole('button', { name: 'Date' }));
  const dialog = await screen.findByRole('dialog', { name: 'Date' });
  fireEvent.click(within(dialog).getByRole('button', { name: dayLabel }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Set Date' }));
  return { calls, dialog };
}

describe('MonitorDetail', () => {
  it('shows the waiting text without data, and asks again without cache once', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
    const calls = stubApi({ metric: () => buildMetric({ first_check_at: null, last_check_at: null }) });
    renderWithProviders(<MonitorDetail monitor={monitor} />);
    expect(
      await screen.findByText(
        'Paydar is monitoring https://shop.example.test/health. It may take a few minutes, thank you for your patience.',
      ),
    ).toBeTruthy();
    expect(calls.filter((call) => call.url.includes('cache=False'))).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NO_DATA_REFRESH_DELAY_MS + 100);
    });
    await waitFor(() => expect(calls.filter((call) => call.url.includes('/metric?cache=False'))).toHaveLength(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NO_DATA_REFRESH_DELAY_MS * 3);
    });
    expect(calls.filter((call) => call.url.includes('cache=False'))).toHaveLength(1);
  });

  it("shows the day's uptime and apdex above the sections", async () => {
    stubApi({ metric: () => ({ ...todayMetric, uptime_percent: 99.98765, apdex_percent: 87.5 }) });
    renderWithProviders(<MonitorDetail monitor={monitor} />);
    expect(await screen.findByText('99.99%')).toBeTruthy();
    expect(screen.getByText('87.5%')).toBeTruthy();
    expect(screen.getByText('hourly apdex chart')).toBeTruthy();
    expect(screen.getByText('response time with raw')).toBeTruthy();
  });

  it('refuses to toggle a protected monitor with the spec toast', async () => {
    const calls = stubApi();
    renderWithProviders(<MonitorDetail monitor={{ ...monitor, is_protected: true }} />);
    fireEvent.click(await screen.findByRole('switch', { name: 'Enabled' }));
    expect(await screen.findByText('Protected Monitor')).toBeTruthy();
    expect(screen.getByText("You can't change protected monitor status")).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    expect((screen.getByRole('switch', { name: 'Enabled' }) as HTMLInputElement).checked).toBe(true);
  });

  it("disables a monitor with a PUT of all its fields, then shows 'Disable'", async () => {
    const full = { ...monitor, alert: [{ type: 'emails' as const, value: 'ops@example.test' }], labels: ['shop'] };
    const calls = stubApi();
    // The full monitor (alert channels, groups) is read before the PUT, whatever the panel was given.
    stubFetch((url, init) => {
      const method = init.method ?? 'GET';
      calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes('/metric')) return { body: todayMetric };
      if (url.endsWith('/users/subscriptions')) return { body: page([buildSubscription()]) };
      if (method === 'PUT') return { body: { ...full, is_enabled: false } };
      return { body: full };
    });
    renderWithProviders(<MonitorDetail monitor={monitor} />);
    expect(await screen.findByText('Up')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Enabled' }));
    expect(await screen.findByText('Disable')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe('https://api.example.test/api/v1/monitors/7/');
    expect(put?.body).toMatchObject({
      is_enabled: false,
      period: 300,
      apdex: 0.5,
      probers: [1],
      alert: [{ type: 'emails', value: 'ops@example.test' }],
      labels: ['shop'],
    });
    expect(put?.body).not.toHaveProperty('data');
  });

  it("warns with the plan name, 'Plan' and the spec text for a day past the history, and does not load it", async () => {
    // 1 March 2024 is 19 days before "now"; the Free plan keeps 7.
    const { calls, dialog } = await setDate('1 March 2024');
    expect(await within(dialog).findByText('Free Plan')).toBeTruthy();
    expect(within(dialog).getByText(HISTORY_BLOCKED_TEXT)).toBeTruthy();
    expect(calls.some((call) => call.url.includes('day='))).toBe(false);
  });

  it('loads a day within the history from the Date popup, then goes back to today', async () => {
    const { calls } = await setDate('18 March 2024');
    await waitFor(() =>
      expect(calls.some((call) => call.url.includes('/metric?day=2024-03-18&time_zone='))).toBe(true),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Go Today' }));
    await waitFor(() => expect(calls.some((call) => call.url.includes('/metric?cache=False'))).toBe(true));
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it('warns as a toast when a heat-map day is past the history', async () => {
    const calls = stubApi();
    renderWithProviders(<MonitorDetail monitor={monitor} />);
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/users/subscriptions'))).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'heat map: 20 days ago' }));
    expect(await screen.findByText('Free Plan')).toBeTruthy();
    expect(screen.getByText(HISTORY_BLOCKED_TEXT)).toBeTruthy();
    expect(calls.some((call) => call.url.includes('day='))).toBe(false);
  });

  it("copies the terminal command ('Copied!')", async () => {
    stubApi();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<MonitorDetail monitor={monitor} />);
    fireEvent.click(screen.getByRole('button', { name: 'Command' }));
    const dialog = await screen.findByRole('dialog', { name: 'Command' });
    expect(within(dialog).getByText(monitor.terminal_command)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(monitor.terminal_command);
  });

  it('opens the apdex explanation and the contact drawer', async () => {
    stubApi();
    renderWithProviders(<MonitorDetail monitor={monitor} />);
    fireEvent.click(await screen.findByRole('button', { name: 'What is apdex?' }));
    const apdex = await screen.findByRole('dialog', { name: 'What is apdex?' });
    expect(within(apdex).getByText(/0\.5 s to 2 s/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Contact us' }));
    const contact = await screen.findByRole('dialog', { name: 'Contact us' });
    expect(within(contact).getByRole('link', { name: 'support@example.test' }).getAttribute('href')).toBe(
      'mailto:support@example.test',
    );
    expect(within(contact).getByRole('link', { name: '@paydar_support' }).getAttribute('href')).toBe(
      'https://t.me/paydar_support',
    );
  });

  it('reads a shared view through the public call, with no refresh, share, toggle or raw chart', async () => {
    const calls = stubApi();
    stubFetch((url, init) => {
      calls.push({ url, method: init.method ?? 'GET', body: undefined });
      const { alert: _a, labels: _l, http_headers: _h, http_body: _b, ...publicMonitor } = monitor;
      return { body: { monitor: publicMonitor, metric: todayMetric } };
    });
    renderWithProviders(<MonitorDetail monitor={monitor} shared={{ prefix: 'symlink', token: 'share-token' }} />);
    expect(await screen.findByText('response time no raw')).toBeTruthy();
    // A signed-in reader's profile gives the zone and calendar; no owner's call is made: the figures,
    // and the 7/30/90-day uptime and p50/p95 series, come from the public calls only.
    await waitFor(() =>
      expect(calls.map((call) => call.url).filter((url) => !url.endsWith('/api/v1/users/profile'))).toEqual([
        // Today is the reader's day: their zone goes with both calls.
        expect.stringMatching(/\/api\/v1\/monitors\/share-token\/share_info\?time_zone=[\w%]+$/),
        expect.stringMatching(/\/api\/v1\/monitors\/symlink\/share-token\/metric\/trends\?time_zone=[\w%]+$/),
      ]),
    );
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it("shows the server's text when a shared past day is refused", async () => {
    stubFetch((url) =>
      url.includes('day=')
        ? { status: 403, body: { detail: HISTORY_BLOCKED_TEXT, code: 'PLAN_LIMIT' } }
        : { body: { monitor, metric: todayMetric } },
    );
    renderWithProviders(<MonitorDetail monitor={monitor} shared={{ prefix: 'symlink', token: 'share-token' }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'heat map: 20 days ago' }));
    const back = await screen.findByRole('button', { name: 'Back to today' });
    expect(screen.getByText(HISTORY_BLOCKED_TEXT)).toBeTruthy();
    fireEvent.click(back);
    expect(await screen.findByRole('button', { name: 'heat map: 20 days ago' })).toBeTruthy();
  });

  it('starts afresh when the monitor changes', async () => {
    stubApi();
    const view = renderWithProviders(<MonitorDetail monitor={monitor} />);
    fireEvent.click(screen.getByRole('button', { name: 'Command' }));
    await screen.findByRole('dialog', { name: 'Command' });
    view.rerender(withProviders(<MonitorDetail monitor={{ ...monitor, id: 8 }} />));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Command' })).toBeNull());
  });
});

describe('OwnMonitorDetail', () => {
  it('loads the whole monitor by its id (the list has only summaries), with a spinner until it is in', async () => {
    const calls = stubApi();
    renderWithProviders(<OwnMonitorDetail id={monitor.id} />);
    expect(screen.getByText('Loading monitor')).toBeTruthy();
    // What only the whole monitor has: its terminal command and its share token.
    fireEvent.click(await screen.findByRole('button', { name: 'Command' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Command' })).getByText(monitor.terminal_command),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'GET' && call.url.endsWith('/api/v1/monitors/7/'))).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    const link = (await screen.findByRole('textbox', { name: 'Share link' })) as HTMLInputElement;
    expect(link.value).toMatch(/\/symlink\/share-token$/);
  });

  it('offers to try again when the monitor cannot be read', async () => {
    // A 4xx is not retried, so the failure shows at once.
    stubFetch(() => ({ status: 403, body: { detail: 'Forbidden.', code: 'FORBIDDEN' } }));
    renderWithProviders(<OwnMonitorDetail id={monitor.id} />);
    expect(await screen.findByText('Could not load this monitor')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
