// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import type { Metric } from '@paydar/contracts/metrics';
import { HISTORY_BLOCKED_TEXT } from '@paydar/domain/history';
import { DAY_MS } from '@paydar/domain/time';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setSessionToken } from '@/lib/session-store';
import { buildMetric, buildShopMonitor, buildSubscription, page } from '@/testing/monitor-builders';
import { renderWithProviders, stubFetch, withProviders } from '@/testing/test-utils';
import { chooseDay } from './day-choice';
import { DetailHeader, detailStatus, REFRESH_HINT } from './detail-header';
import { formatDetailTime } from './detail-time';
import { MonitorDetail, NO_DATA_REFRESH_DELAY_MS } from './monitor-detail';
import { OwnMonitorDetail } from './own-monitor-detail';
import { DOWNTIMES_PAGE_SIZE } from './span-table';
import { UptimeSection } from './uptime-section';

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

const NOW = Date.parse('2024-03-20T12:00:00Z');

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

const monitor = buildShopMonitor({
  id: 7,
  url: 'https://shop.example.test/health',
  alias: null,
  creation_time: '2024-01-01T08:00:00Z',
  terminal_command: "curl -sS 'https://shop.example.test/health'",
});
const todayMetric = buildMetric({
  last_check_at: '2024-03-20T11:59:00Z',
  first_check_at: '2024-01-01T08:01:00Z',
  fetch_time: '2024-03-20T12:00:00Z',
});

type Call = { url: string; method: string; body: unknown };

/** The API as the panel sees it; every call is recorded. */
function stubApi(answers: { metric?: (url: string) => Metric | { status: number; body: unknown } } = {}) {
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

describe('detailStatus (spec §4)', () => {
  it.each([
    ['disabled', false, todayMetric, 'Disable'],
    ['disabled and down', false, buildMetric({ is_down: true }), 'Disable'],
    ['enabled and down', true, buildMetric({ is_down: true }), 'Down'],
    ['enabled and up', true, todayMetric, 'Up'],
    ['before the first check', true, buildMetric({ first_check_at: null, last_check_at: null }), null],
    ['while loading', true, undefined, null],
  ])('%s → %s', (_case, enabled, metric, status) => {
    expect(detailStatus(enabled, metric)).toBe(status);
  });
});

describe('chooseDay: calendar bounds and the plan history (spec §2, §4)', () => {
  const context = { now: NOW, creationTime: '2024-01-01T08:00:00Z', historyDays: 7 };
  const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
  it.each([
    ['2024-03-20', { kind: 'load', day: 'today' }],
    ['2024-03-13', { kind: 'load', day: day('2024-03-13') }],
    ['2024-03-12', { kind: 'beyond-history' }],
    ['2024-03-21', { kind: 'out-of-range' }],
    ['2023-12-31', { kind: 'out-of-range' }],
  ])('%s → %o', (iso, choice) => {
    expect(chooseDay(day(iso), context)).toEqual(choice);
  });

  it('leaves the history to the server when the plan is not known (shared views)', () => {
    expect(chooseDay(day('2024-02-01'), { ...context, historyDays: null })).toEqual({
      kind: 'load',
      day: day('2024-02-01'),
    });
  });
});

describe('DetailHeader', () => {
  const base = {
    monitor,
    metric: todayMetric,
    enabled: true,
    toggle: { busy: false, onToggle: () => {} },
    refreshing: false,
    onRefresh: () => {},
    onOpen: () => {},
  };

  async function tooltipOf(element: HTMLElement) {
    fireEvent.mouseEnter(element);
    return (await screen.findByRole('tooltip')).textContent;
  }

  it("shows 'Refresh' for today, with the refresh hint on 'Now'", async () => {
    renderWithProviders(<DetailHeader {...base} day="today" shared={false} />);
    expect(await tooltipOf(screen.getByRole('button', { name: 'Refresh' }))).toBe('Refresh');
    expect(screen.getByText('Last Check')).toBeTruthy();
    fireEvent.mouseEnter(screen.getByText('Now').closest('[data-hint]') as HTMLElement);
    expect((await screen.findByText(REFRESH_HINT)).getAttribute('role')).toBe('tooltip');
  });

  it("shows 'Go Today' for a past day, in UTC and without 'Now'", async () => {
    const day = Date.parse('2024-03-15T00:00:00Z');
    renderWithProviders(<DetailHeader {...base} day={day} shared={false} />);
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    expect(await tooltipOf(screen.getByRole('button', { name: 'Go Today' }))).toBe('Go Today');
    expect(screen.queryByText('Now')).toBeNull();
    expect(screen.getByText('Mar 20th, 11:59:00')).toBeTruthy();
    expect(screen.getByText('Mar 15th, 2024 (UTC)')).toBeTruthy();
  });

  it('hides refresh, share and the toggle on shared views', () => {
    renderWithProviders(<DetailHeader {...base} toggle={null} day="today" shared />);
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByRole('button', { name: 'Command' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Date' })).toBeTruthy();
  });

  it('links an HTTP target in a new tab, with the status and the name', () => {
    renderWithProviders(<DetailHeader {...base} day="today" shared={false} />);
    const link = screen.getByRole('link', { name: /shop\.example\.test/ });
    expect(link.getAttribute('href')).toBe('https://shop.example.test/health');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('Up')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'https://shop.example.test/health' })).toBeTruthy();
  });
});

describe('downtimes table (spec §2, §9)', () => {
  const rows = Array.from({ length: 12 }, (_, index) => ({
    from_time: new Date(NOW - (index + 1) * 3_600_000).toISOString(),
    to_time: index === 0 ? null : new Date(NOW - (index + 1) * 3_600_000 + 120_000).toISOString(),
    duration: 120,
    ended_by: index === 0 ? null : ('recovery' as const),
  }));

  it('shows 10 rows, then all with Show more, and 10 again with Show less', () => {
    renderWithProviders(<UptimeSection metric={{ ...todayMetric, downtimes: rows }} day="today" />);
    const table = screen.getByRole('table', { name: 'Downtimes' });
    expect(within(table).getAllByRole('row')).toHaveLength(DOWNTIMES_PAGE_SIZE + 1);
    expect(within(table).getByText('Now')).toBeTruthy();
    expect(within(table).getAllByText('2 min')).toHaveLength(DOWNTIMES_PAGE_SIZE);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(within(table).getAllByRole('row')).toHaveLength(rows.length + 1);
    fireEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(within(table).getAllByRole('row')).toHaveLength(DOWNTIMES_PAGE_SIZE + 1);
  });

  it('draws a downtime under 300 s as a small mark on the timeline', () => {
    const marks = [
      {
        from_time: '2024-03-20T01:00:00Z',
        to_time: '2024-03-20T01:04:59Z',
        duration: 299,
        ended_by: 'recovery' as const,
      },
      {
        from_time: '2024-03-20T03:00:00Z',
        to_time: '2024-03-20T03:05:00Z',
        duration: 300,
        ended_by: 'recovery' as const,
      },
    ];
    renderWithProviders(<UptimeSection metric={{ ...todayMetric, downtimes: marks }} day="today" />);
    const timeline = screen.getByRole('img', { name: 'Timeline of the day: 2 downtimes' });
    expect(timeline.querySelectorAll('[data-small]')).toHaveLength(1);
  });

  it('has no toggle with 10 rows or fewer', () => {
    renderWithProviders(<UptimeSection metric={{ ...todayMetric, downtimes: rows.slice(0, 10) }} day="today" />);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('shows a paused span as a grey band labelled Paused, in its own list, and the downtime it ended', () => {
    const metric = {
      ...todayMetric,
      downtimes: [
        {
          from_time: '2024-03-20T10:00:00Z',
          to_time: '2024-03-20T10:12:00Z',
          duration: 720,
          ended_by: 'pause' as const,
        },
      ],
      paused: [{ from_time: '2024-03-20T10:12:00Z', to_time: null, duration: 6480 }],
    };
    renderWithProviders(<UptimeSection metric={metric} day="today" />);
    const timeline = screen.getByRole('img', { name: 'Timeline of the day: 1 downtime, paused 1 time' });
    const band = timeline.querySelector('[data-status="paused"]');
    expect(band?.textContent).toBe('Paused');
    const downtimes = screen.getByRole('table', { name: 'Downtimes' });
    expect(within(downtimes).getByText(`${formatDetailTime('2024-03-20T10:12:00Z', 'today')} (paused)`)).toBeTruthy();
    const paused = screen.getByRole('table', { name: 'Paused' });
    expect(within(paused).getAllByRole('row')).toHaveLength(2);
    expect(within(paused).getByText('Now')).toBeTruthy();
    expect(screen.getByText('Paused (1)')).toBeTruthy();
  });
});

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
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/metric?day=2024-03-18'))).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Go Today' }));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/metric?cache=False'))).toBe(true));
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
    expect(calls.map((call) => call.url)).toEqual(['https://api.example.test/api/v1/monitors/share-token/share_info']);
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
