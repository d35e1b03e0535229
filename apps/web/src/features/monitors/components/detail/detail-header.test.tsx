// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { browserTimeZone } from '@/lib/date-time';
import { DEMO_READ_ONLY_TEXT } from '@/lib/read-only';
import { buildMetric } from '@/testing/monitor-builders';
import { renderWithProviders } from '@/testing/test-utils';
import { DetailHeader, detailStatus, REFRESH_HINT } from './detail-header';
import { monitor, setUpDetailTests, todayMetric } from './monitor-detail.test-support';

setUpDetailTests();

describe('detailStatus (spec §4)', () => {
  it.each([
    ['disabled', false, todayMetric, 'Disable'],
    ['disabled and down', false, buildMetric({ is_down: true }), 'Disable'],
    ['enabled and down', true, buildMetric({ is_down: true }), 'Down'],
    ['enabled and up', true, todayMetric, 'Up'],
    ['before the first check', true, buildMetric({ first_check_at: null, last_check_at: null }), null],
    ['while loading', true, undefined, null],
    ['in a maintenance window', true, buildMetric({ in_maintenance_until: '2026-11-26T13:00:00.000Z' }), 'Maintenance'],
    [
      'in a window and down before it',
      true,
      buildMetric({ is_down: true, in_maintenance_until: '2026-11-26T13:00:00.000Z' }),
      'Maintenance',
    ],
    ['paused in a window', false, buildMetric({ in_maintenance_until: '2026-11-26T13:00:00.000Z' }), 'Disable'],
  ])('%s → %s', (_case, enabled, metric, status) => {
    expect(detailStatus(enabled, metric)).toBe(status);
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

  it("shows the demo's Enabled switch disabled, its tooltip saying the demo is read-only", async () => {
    let toggled = 0;
    const toggle = { busy: false, onToggle: () => (toggled += 1) };
    renderWithProviders(
      <DetailHeader {...base} toggle={toggle} readOnly={DEMO_READ_ONLY_TEXT} day="today" shared={false} />,
    );
    const enabled = screen.getByRole('switch', { name: 'Enabled' }) as HTMLInputElement;
    expect(enabled.disabled).toBe(true);
    fireEvent.click(enabled);
    expect(toggled).toBe(0);
    const holder = enabled.closest('[data-read-only]') as HTMLElement;
    expect(holder.title).toBe(DEMO_READ_ONLY_TEXT);
    expect(await tooltipOf(holder)).toBe(DEMO_READ_ONLY_TEXT);
  });

  it("shows 'Refresh' for today, with the refresh hint on 'Now'", async () => {
    renderWithProviders(<DetailHeader {...base} day="today" shared={false} />);
    expect(await tooltipOf(screen.getByRole('button', { name: 'Refresh' }))).toBe('Refresh');
    expect(screen.getByText('Last Check')).toBeTruthy();
    fireEvent.mouseEnter(screen.getByText('Now').closest('[data-hint]') as HTMLElement);
    expect((await screen.findByText(REFRESH_HINT)).getAttribute('role')).toBe('tooltip');
  });

  it("shows 'Go Today' for a past day, its date and times in the reader's zone, without 'Now'", async () => {
    const day = Date.parse('2024-03-15T00:00:00Z');
    renderWithProviders(<DetailHeader {...base} day={day} shared={false} />);
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    expect(await tooltipOf(screen.getByRole('button', { name: 'Go Today' }))).toBe('Go Today');
    expect(screen.queryByText('Now')).toBeNull();
    expect(screen.getByText('Mar 20th, 11:59:00')).toBeTruthy();
    expect(screen.getByText('Mar 15th, 2024')).toBeTruthy();
  });

  it('hides refresh, share and the toggle on shared views', () => {
    renderWithProviders(<DetailHeader {...base} toggle={null} day="today" shared />);
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByRole('button', { name: 'Command' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Date' })).toBeTruthy();
  });

  it("says which zone a shared view's times are in: the visitor's browser's, without a profile", () => {
    renderWithProviders(<DetailHeader {...base} toggle={null} day="today" shared />);
    const note = screen.getByTestId('time-zone-note');
    expect(note.textContent).toBe(`Times in${browserTimeZone()} (your browser's zone)`);
    // The owner's own view needs no such note: its zone is the profile's.
    renderWithProviders(<DetailHeader {...base} day="today" shared={false} />);
    expect(screen.getAllByTestId('time-zone-note')).toHaveLength(1);
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

describe('DetailHeader: slow responses (issue 14)', () => {
  const base = {
    monitor,
    metric: todayMetric,
    enabled: true,
    toggle: { busy: false, onToggle: () => {} },
    refreshing: false,
    onRefresh: () => {},
    onOpen: () => {},
    day: 'today' as const,
    shared: false,
  };
  const slow = { since: '2025-01-01T00:00:00.000Z', reason: 'Apdex 0.42 over the last 20 checks (threshold 0.70).' };

  it("shows 'Slow' and why while the monitor is up and slow", () => {
    renderWithProviders(<DetailHeader {...base} slow={slow} />);
    expect(screen.getByText('Slow')).toBeTruthy();
    expect(screen.getByTestId('slow-reason').textContent).toBe(slow.reason);
  });

  it('says why the open downtime began when a check said more than its status code', () => {
    const open = (reason: string | null) =>
      buildMetric({
        is_down: true,
        downtimes: [{ from_time: '2026-11-26T10:00:00.000Z', to_time: null, duration: 60, ended_by: null, reason }],
      });
    const { unmount } = renderWithProviders(<DetailHeader {...base} metric={open('Keyword "Error" found')} />);
    expect(screen.getByTestId('down-reason').textContent).toBe('Keyword "Error" found');
    unmount();
    const bare = renderWithProviders(<DetailHeader {...base} metric={open('HTTP 503')} />);
    expect(screen.queryByTestId('down-reason')).toBeNull();
    bare.unmount();
    // Inside maintenance the state is not judged, so nothing is said of the downtime.
    const inWindow = { ...open('Keyword "Error" found'), in_maintenance_until: '2026-11-26T13:00:00.000Z' };
    renderWithProviders(<DetailHeader {...base} metric={inWindow} />);
    expect(screen.queryByTestId('down-reason')).toBeNull();
  });

  it('shows nothing of it when not slow, nor while down (down says more)', () => {
    const { unmount } = renderWithProviders(<DetailHeader {...base} slow={null} />);
    expect(screen.queryByText('Slow')).toBeNull();
    unmount();
    renderWithProviders(<DetailHeader {...base} metric={buildMetric({ is_down: true })} slow={slow} />);
    expect(screen.getByText('Down')).toBeTruthy();
    expect(screen.queryByText('Slow')).toBeNull();
    expect(screen.queryByTestId('slow-reason')).toBeNull();
  });
});
