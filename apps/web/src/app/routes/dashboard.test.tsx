// @vitest-environment jsdom
import type { Monitor } from '@paydar/contracts/monitors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { monitorsQueryKey } from '@/features/monitors/api/get-monitors';
import { giveListHeight } from '@/features/monitors/components/list/list-test-builders';
import { resetMonitorListState } from '@/features/monitors/hooks/use-monitor-list-state';
import { profileQueryKey } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { setSessionToken } from '@/lib/session-store';
import {
  buildGoldSubscription,
  buildMetric,
  buildMonitor,
  page,
  summaryPage,
  wholeMonitorId,
} from '@/testing/monitor-builders';
import { buildProfile, renderWithProviders, setScreenWidth, stubFetch } from '@/testing/test-utils';
import DashboardRoute from './dashboard';

// The detail panel and the form are other screens' work: here only where the dashboard puts them.
vi.mock('@/features/monitors/components/detail/monitor-detail', () => ({
  MonitorDetail: ({ monitor, onBack }: { monitor: Monitor; onBack?: () => void }) => (
    <div data-testid="detail">
      Detail of {monitor.id}
      {onBack && (
        <button type="button" onClick={onBack}>
          Back to the list
        </button>
      )}
    </div>
  ),
}));
vi.mock('@/features/monitors/components/form/monitor-form-modal', () => ({
  MonitorFormModal: ({ opened, editId }: { opened: boolean; editId?: number }) =>
    opened ? <div role="dialog">{editId ? 'Edit Monitor' : 'Add Monitor'} form</div> : null,
}));

giveListHeight(600);

// The server answers newest first (spec §3); the dashboard keeps its order.
const older = buildMonitor({ id: 4, creation_time: '2025-01-01T00:00:00.000Z' });
const newest = buildMonitor({ id: 9, creation_time: '2025-03-01T00:00:00.000Z', alias: 'Newest' });
const middle = buildMonitor({ id: 6, creation_time: '2025-02-01T00:00:00.000Z' });

type Options = { monitors?: Monitor[]; groups?: boolean; verified?: boolean; listDelay?: Promise<void> };

function stubApi({ monitors = [newest, middle, older], groups = false, listDelay }: Options = {}) {
  let list = monitors;
  const fetchMock = stubFetch((url, init) => {
    const path = new URL(url).pathname;
    if (path === '/api/v1/monitors/') return { body: summaryPage(list) };
    if (/^\/api\/v1\/monitors\/\d+\/metric$/.test(path)) return { body: buildMetric() };
    const id = wholeMonitorId(path);
    const whole = list.find((monitor) => monitor.id === id);
    if (whole && init.method === 'DELETE') {
      list = list.filter((monitor) => monitor !== whole);
      return { status: 204 };
    }
    if (whole) return { body: whole };
    if (path === '/api/v1/users/subscriptions')
      return { body: page([buildGoldSubscription({ MONITOR_GROUP: groups })]) };
    return { status: 404, body: { detail: 'Not found.' } };
  });
  if (listDelay) {
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (new URL(String(input)).pathname === '/api/v1/monitors/') await listDelay;
      return (answer as NonNullable<typeof answer>)(input, init);
    });
  }
  return fetchMock;
}

function renderAt(path: string, { width = 1280, verified = true }: { width?: number; verified?: boolean } = {}) {
  setScreenWidth(width);
  queryClient.setQueryData(profileQueryKey, buildProfile({ is_verified: verified, labels: ['ops'] }));
  setSessionToken('key-1', 'local');
  const router = createMemoryRouter(
    [
      { path: '/', element: <DashboardRoute /> },
      { path: '/monitor/:id', element: <DashboardRoute /> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const itemIds = () => screen.queryAllByTestId('monitor-item').map((item) => Number(item.dataset.monitorId));

beforeEach(() => resetMonitorListState());

describe('dashboard, 850 px and wider', () => {
  it('opens the newest monitor from /, beside the list newest first', async () => {
    stubApi();
    const router = renderAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/9'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(itemIds()).toEqual([9, 6, 4]));
    expect((await screen.findByTestId('detail')).textContent).toContain('Detail of 9');
    expect(screen.getByTestId('dashboard').dataset.layout).toBe('wide');
    // Wide: no way back is needed, the list is there.
    expect(screen.queryByRole('button', { name: 'Back to the list' })).toBeNull();
  });

  it('shows the monitor of /monitor/:id, highlighted in the list', async () => {
    stubApi();
    renderAt('/monitor/6');
    expect((await screen.findByTestId('detail')).textContent).toContain('Detail of 6');
    const current = screen.getAllByRole('link').find((link) => link.getAttribute('aria-current') === 'page');
    expect(current?.getAttribute('href')).toBe('/monitor/6');
  });

  it.each(['/monitor/12345', '/monitor/abc', '/monitor/0'])(
    'goes from an unknown id (%s) to the first monitor',
    async (path) => {
      stubApi();
      const router = renderAt(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/9'));
    },
  );

  it('goes to the first remaining monitor after a removal', async () => {
    stubApi();
    const router = renderAt('/monitor/9');
    await screen.findByTestId('detail');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for HTTP:Newest' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove', hidden: true }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove Monitor' })).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText('Monitor removed!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/6'));
    await waitFor(() => expect(itemIds()).toEqual([6, 4]));
  });

  it('moves on at once after removing the shown monitor, and never asks for it again (issue 37)', async () => {
    const fetchMock = stubApi();
    const router = renderAt('/monitor/9');
    await screen.findByTestId('detail');
    await waitFor(() => expect(queryClient.getQueryData(['users', 'subscriptions'])).toBeDefined());
    // The figures the link asked for before the removal are not the question: wait until that first
    // request has gone (on a busy machine it went after the count below began, and was counted).
    const askedForMetric = () =>
      fetchMock.mock.calls.some(([input]) => new URL(String(input)).pathname === '/api/v1/monitors/9/metric');
    await waitFor(() => expect(askedForMetric()).toBe(true), { timeout: 60_000 });
    // The list's reload after the removal is held: the app must not wait for it to move on.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = fetchMock.getMockImplementation() as NonNullable<ReturnType<typeof fetchMock.getMockImplementation>>;
    let deleted = false;
    let answerDelete = () => {};
    const deleteAnswered = new Promise<void>((resolve) => (answerDelete = resolve));
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'DELETE') {
        deleted = true;
        // A word from the live stream about it at the moment the DELETE goes out, before the app
        // has rendered again (a busy machine's timing): nothing is asked for it either.
        void queryClient.invalidateQueries({ queryKey: [...monitorsQueryKey, 9] });
        await deleteAnswered;
      }
      if (deleted && new URL(String(input)).pathname === '/api/v1/monitors/') await held;
      return answer(input, init);
    });
    // Its figures past their 30 s, as a busy machine leaves them by now: opening the menu refetches
    // them, before the removal is sent (the whole suite under load failed on that request here).
    for (const query of queryClient.getQueryCache().findAll({ queryKey: [...monitorsQueryKey, 9] })) {
      query.setState({ dataUpdatedAt: Date.now() - 31_000 });
    }
    const before = fetchMock.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Actions for HTTP:Newest' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove', hidden: true }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove Monitor' })).getByRole('button', { name: 'Remove' }),
    );
    // While the DELETE is on its way, a word from the live stream about it: nothing is asked for it.
    await waitFor(() => expect(deleted).toBe(true), { timeout: 60_000 });
    await queryClient.invalidateQueries({ queryKey: [...monitorsQueryKey, 9] });
    answerDelete();
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/6'), { timeout: 60_000 });
    expect(await screen.findByText('Detail of 6', {}, { timeout: 60_000 })).toBeTruthy();
    expect(itemIds()).toEqual([6, 4]);
    // A word from the live stream about a check of it, as live-cache.ts acts on one: nothing is asked.
    await queryClient.invalidateQueries({ queryKey: [...monitorsQueryKey, 9] });
    release();
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(before + 1), { timeout: 60_000 });
    const calls = fetchMock.mock.calls
      .slice(before)
      .map(([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
    const removal = calls.indexOf('DELETE /api/v1/monitors/9/');
    expect(removal).toBeGreaterThanOrEqual(0);
    // What was asked after the removal was sent: a refetch of its stale figures while the dialog
    // opened (a busy machine can take past their 30 s) came before it, and is no question of a removed monitor.
    const after = calls.slice(removal + 1);
    expect(
      after.filter((call) => call.includes('/monitors/9/')),
      calls.join(', '),
    ).toEqual([]);
    expect(screen.queryByText('This monitor was removed')).toBeNull();
  });

  it('shows the group filter only on a plan with monitor groups', async () => {
    stubApi({ groups: true });
    renderAt('/monitor/9');
    expect(await screen.findByRole('combobox', { name: 'Filter by group' })).toBeTruthy();
  });

  it('hides the group filter on a plan without them', async () => {
    stubApi({ groups: false });
    renderAt('/monitor/9');
    await screen.findByTestId('detail');
    await waitFor(() => expect(queryClient.getQueryData(['users', 'subscriptions'])).toBeDefined());
    expect(screen.queryByRole('combobox', { name: 'Filter by group' })).toBeNull();
  });
});

describe('dashboard, under 850 px', () => {
  it('shows only the list at /', async () => {
    stubApi();
    const router = renderAt('/', { width: 390 });
    await waitFor(() => expect(itemIds()).toEqual([9, 6, 4]));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByTestId('detail')).toBeNull();
  });

  it('shows only the detail at /monitor/:id, with a way back to the list', async () => {
    stubApi();
    const router = renderAt('/', { width: 390 });
    await waitFor(() => expect(itemIds()).toEqual([9, 6, 4]));
    fireEvent.click(screen.getAllByRole('link')[1] as HTMLElement);
    expect((await screen.findByTestId('detail')).textContent).toContain('Detail of 6');
    expect(router.state.location.pathname).toBe('/monitor/6');
    expect(screen.queryAllByTestId('monitor-item')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Back to the list' }));
    await waitFor(() => expect(itemIds()).toEqual([9, 6, 4]));
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes back in the history from a detail opened from the list, else to the list', async () => {
    stubApi();
    const router = renderAt('/', { width: 390 });
    await waitFor(() => expect(itemIds()).toEqual([9, 6, 4]));
    fireEvent.click(screen.getAllByRole('link')[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: 'Back to the list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('POP');
  });

  it('goes to the list from a detail opened by its address', async () => {
    stubApi();
    const router = renderAt('/monitor/4', { width: 390 });
    fireEvent.click(await screen.findByRole('button', { name: 'Back to the list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() => expect(itemIds()).toEqual([9, 6, 4]));
  });

  it('goes from an unknown id to the list', async () => {
    stubApi();
    const router = renderAt('/monitor/777', { width: 390 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(itemIds()).toEqual([9, 6, 4]));
  });
});

describe('dashboard states', () => {
  it('shows a spinner while the monitors load', async () => {
    let release = () => {};
    stubApi({ listDelay: new Promise<void>((resolve) => (release = resolve)) });
    renderAt('/');
    expect(await screen.findByText('Loading monitors')).toBeTruthy();
    release();
    await waitFor(() => expect(itemIds()).toEqual([9, 6, 4]));
    expect(screen.queryByText('Loading monitors')).toBeNull();
  });

  it('shows the empty state, whose Add Monitor opens the form', async () => {
    stubApi({ monitors: [] });
    const router = renderAt('/');
    expect(await screen.findByText('No Monitors')).toBeTruthy();
    expect(screen.getByText('You have no monitors in your list. Please add a new monitor')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    fireEvent.click(screen.getByRole('button', { name: 'Add Monitor' }));
    expect((await screen.findByRole('dialog')).textContent).toBe('Add Monitor form');
  });

  it('opens the add form from the list too', async () => {
    stubApi();
    renderAt('/monitor/9');
    await screen.findByTestId('detail');
    fireEvent.click(screen.getByRole('button', { name: 'Add Monitor' }));
    expect((await screen.findByRole('dialog')).textContent).toBe('Add Monitor form');
  });

  it('loads no monitors for an unverified user, and Add Monitor is disabled', async () => {
    const fetchMock = stubApi();
    renderAt('/', { verified: false });
    const add = (await screen.findByRole('button', { name: 'Add Monitor' })) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/v1/monitors/'))).toBe(false);
  });
});
