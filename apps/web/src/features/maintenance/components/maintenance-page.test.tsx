// @vitest-environment jsdom
import type { MaintenanceWindow } from '@paydar/contracts/maintenance';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { setSessionToken } from '@/lib/session-store';
import { buildProfile, renderWithProviders, stubFetch } from '@/testing/test-utils';
import { MaintenancePage } from './maintenance-page';
import { MaintenanceWindowModal } from './maintenance-window-modal';

// A short list of zones keeps the option list small in jsdom.
vi.mock('../hooks/time-zone-options', () => ({
  timeZoneOptions: () => ['Asia/Tehran', 'Europe/Berlin', 'UTC'],
}));

type Call = { method: string; path: string; body: unknown };

function buildWindow(overrides: Partial<MaintenanceWindow> = {}): MaintenanceWindow {
  return {
    id: 1,
    title: 'Database upgrade',
    monitors: [7],
    kind: 'once',
    time_zone: 'Asia/Tehran',
    starts_at: '2026-11-26T06:30:00.000Z',
    ends_at: '2026-11-26T08:30:00.000Z',
    days_of_week: null,
    start_time: null,
    duration_minutes: null,
    active_now: false,
    next_start: '2026-11-26T06:30:00.000Z',
    next_end: '2026-11-26T08:30:00.000Z',
    created_at: '2026-11-25T00:00:00.000Z',
    ...overrides,
  };
}

const monitors = [
  { id: 7, name: 'HTTP:shop' },
  { id: 8, name: 'db.example.test' },
];

function stubApi(
  windows: MaintenanceWindow[],
  answer?: (call: Call) => { status?: number; body?: unknown } | undefined,
) {
  const calls: Call[] = [];
  stubFetch((url, init) => {
    const call = {
      method: init.method ?? 'GET',
      path: new URL(url).pathname,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.method === 'GET') return { body: { count: windows.length, next: null, previous: null, results: windows } };
    if (call.path.endsWith('/end')) return { body: { ...windows[0], active_now: false } };
    if (call.method === 'DELETE') return { body: { success: true } };
    return { status: call.method === 'POST' ? 201 : 200, body: buildWindow(call.body as Partial<MaintenanceWindow>) };
  });
  return calls;
}

beforeEach(() => {
  setSessionToken('test-key', 'local');
  queryClient.clear();
  // The reader's zone and calendar: a new window starts in the profile's zone.
  queryClient.setQueryData(profileQueryKey, buildProfile({ time_zone: 'Asia/Tehran', calendar: 'gregorian' }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Maintenance page', () => {
  it('lists each window: title, Active tag, schedule in words, next occurrence, monitors', async () => {
    stubApi([
      buildWindow({
        id: 2,
        title: 'Weekly deploy',
        kind: 'weekly',
        starts_at: null,
        ends_at: null,
        days_of_week: [1, 4],
        start_time: '03:00',
        duration_minutes: 90,
        time_zone: 'Europe/Berlin',
        monitors: [7, 8],
        active_now: true,
        next_start: '2026-11-26T02:00:00.000Z',
        next_end: '2026-11-26T03:30:00.000Z',
      }),
      buildWindow(),
    ]);
    renderWithProviders(<MaintenancePage monitors={monitors} readOnly={false} />, { mantineEnv: 'test' });
    const cards = await screen.findAllByTestId('maintenance-window');
    expect(cards).toHaveLength(2);
    const [weekly, once] = cards as [HTMLElement, HTMLElement];
    expect(within(weekly).getByText('Active')).toBeTruthy();
    expect(within(weekly).getByText('Every Mon, Thu at 03:00 for 1 h 30 min')).toBeTruthy();
    expect(within(weekly).getByText('Until Nov 26th, 04:30 · Europe/Berlin')).toBeTruthy();
    expect(within(weekly).getByText('2 monitors: HTTP:shop, db.example.test')).toBeTruthy();
    expect(within(weekly).getByRole('button', { name: 'End now' })).toBeTruthy();
    expect(within(once).queryByText('Active')).toBeNull();
    expect(within(once).getByText('Once, Nov 26th, 10:00 – Nov 26th, 12:00')).toBeTruthy();
    expect(within(once).getByText('Next: Nov 26th, 10:00 · Asia/Tehran')).toBeTruthy();
    expect(within(once).queryByRole('button', { name: 'End now' })).toBeNull();
  });

  it('ends an active window now, and deletes one after asking', async () => {
    const calls = stubApi([buildWindow({ id: 5, active_now: true })]);
    renderWithProviders(<MaintenancePage monitors={monitors} readOnly={false} />, { mantineEnv: 'test' });
    fireEvent.click(await screen.findByRole('button', { name: 'End now' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path === '/api/v1/maintenance_windows/5/end')).toBe(
        true,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Delete “Database upgrade”\?/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/maintenance_windows/5')).toBe(
        true,
      ),
    );
  });

  it('is read-only for the demo account', async () => {
    stubApi([buildWindow({ active_now: true })]);
    renderWithProviders(<MaintenancePage monitors={monitors} readOnly />, { mantineEnv: 'test' });
    await screen.findByTestId('maintenance-window');
    expect(screen.getByText('The demo account cannot change maintenance windows.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New window' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'End now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('says so when there are none', async () => {
    stubApi([]);
    renderWithProviders(<MaintenancePage monitors={monitors} readOnly={false} />, { mantineEnv: 'test' });
    expect(await screen.findByText('No maintenance windows yet.')).toBeTruthy();
  });
});

describe('the maintenance window modal', () => {
  const NOW = Date.parse('2026-11-26T06:10:00.000Z');

  it('creates a one-off window: the zone defaults to the profile’s and wall times are read in it', async () => {
    const calls = stubApi([]);
    const onClose = vi.fn();
    renderWithProviders(<MaintenanceWindowModal opened onClose={onClose} monitors={monitors} now={NOW} />, {
      mantineEnv: 'test',
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: 'Upgrade' } });
    fireEvent.click(screen.getByRole('combobox', { name: /Monitors/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'db.example.test' }));
    fireEvent.change(screen.getByLabelText(/Starts/), { target: { value: '2026-12-01T10:00' } });
    fireEvent.change(screen.getByLabelText(/Ends/), { target: { value: '2026-12-01T12:30' } });
    // The zone defaults to the profile's (Asia/Tehran here).
    expect((screen.getByRole('combobox', { name: /Time zone/ }) as HTMLInputElement).value).toBe('Asia/Tehran');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/api/v1/maintenance_windows');
    expect(post?.body).toEqual({
      title: 'Upgrade',
      monitors: [8],
      kind: 'once',
      time_zone: 'Asia/Tehran',
      starts_at: '2026-12-01T06:30:00.000Z',
      ends_at: '2026-12-01T09:00:00.000Z',
    });
  });

  it('edits into a weekly window: days, start time, duration', async () => {
    const calls = stubApi([]);
    renderWithProviders(
      <MaintenanceWindowModal
        opened
        onClose={() => undefined}
        monitors={monitors}
        window={buildWindow({ id: 3 })}
        now={NOW}
      />,
      { mantineEnv: 'test' },
    );
    expect(screen.getByText('Edit maintenance window')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Weekly' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sun' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tue' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Fri' }));
    fireEvent.change(screen.getByLabelText(/Start time/), { target: { value: '23:15' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Duration/ }), { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/v1/maintenance_windows/3');
    expect(put?.body).toEqual({
      title: 'Database upgrade',
      monitors: [7],
      kind: 'weekly',
      time_zone: 'Asia/Tehran',
      days_of_week: [2, 5],
      start_time: '23:15',
      duration_minutes: 45,
    });
  });

  it('shows the server’s message under the field it names, and stays open', async () => {
    stubApi([], (call) =>
      call.method === 'POST'
        ? {
            status: 400,
            body: {
              detail: 'monitors.0: Monitor 9 does not exist.',
              code: 'VALIDATION_FAILED',
              'monitors.0': ['Monitor 9 does not exist.'],
            },
          }
        : undefined,
    );
    const onClose = vi.fn();
    renderWithProviders(
      <MaintenanceWindowModal opened onClose={onClose} monitors={monitors} window={undefined} now={NOW} />,
      { mantineEnv: 'test' },
    );
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Monitor 9 does not exist.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
