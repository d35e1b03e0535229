// @vitest-environment jsdom
// Mantine's menu stays mid-transition in jsdom (display: none), so its items are found with `hidden: true`.
import type { Metric } from '@paydar/contracts/metrics';
import { summaryOf } from '@paydar/contracts/monitor-summary';
import type { Monitor } from '@paydar/contracts/monitors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setSessionToken } from '@/lib/session-store';
import { buildMetric, buildMonitor, wholeMonitorId } from '@/testing/monitor-builders';
import { renderWithProviders, stubFetch } from '@/testing/test-utils';
import { monitorsQueryOptions } from '../../api/get-monitors';
import { resetMonitorListState } from '../../hooks/use-monitor-list-state';
import { giveListHeight } from './list-test-builders';
import { MonitorList, type MonitorListProps } from './monitor-list';
import { LIST_ITEM_HEIGHT } from './monitor-list-item';

const VIEWPORT = 600;
giveListHeight(VIEWPORT);

type Answer = { status?: number; body?: unknown };

/** The API as the list meets it: figures per monitor, whole monitors, DELETE, everything else 404. */
function stubApi(options: { metrics?: Record<number, Partial<Metric>>; remove?: Answer; monitors?: Monitor[] } = {}) {
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
function renderList({ monitors, ...props }: Partial<MonitorListProps> & { monitors: Monitor[] }) {
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

const items = () => screen.queryAllByTestId('monitor-item');
const itemIds = () => items().map((item) => Number(item.dataset.monitorId));
const metricCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => /\/metric(\?|$)/.test(url));

beforeEach(() => {
  setSessionToken('key-1', 'local');
  resetMonitorListState();
});
afterEach(() => resetMonitorListState());

/**
 * Building a thousand monitors' list in jsdom takes seconds on a loaded 2-core CI machine; these
 * tests assert what is drawn and fetched, not how fast, so they get room beyond the 5 s default.
 */
const THOUSAND_ITEMS_TIMEOUT_MS = 30_000;

describe('MonitorList', () => {
  const shop = buildMonitor({ id: 3, alias: 'Shop', url: 'https://shop.example.test/', labels: ['prod'] });
  const blog = buildMonitor({ id: 2, url: 'https://blog.example.test/', labels: ['web'] });
  const dns = buildMonitor({
    id: 1,
    protocol_type: 'DNS',
    url: null,
    host: '1.1.1.1',
    alias: 'Resolver',
    last_status_code: null,
    last_status: 'OK',
  });
  const three = [shop, blog, dns];

  it('shows each monitor with its protocol, name and last result, in the given order', async () => {
    stubApi({ metrics: { 3: { last_status_code: 503 } } });
    renderList({ monitors: three });
    expect(itemIds()).toEqual([3, 2, 1]);
    const [first, second, third] = items() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('HTTP(S)')).toBeTruthy();
    expect(within(first).getByText('HTTP:Shop')).toBeTruthy();
    expect(within(second).getByText('https://blog.example.test/')).toBeTruthy();
    expect(within(third).getByText('DNS')).toBeTruthy();
    expect(within(third).getByText('DNS:Resolver')).toBeTruthy();
    expect(within(third).getByTestId('last-result').textContent).toBe('OK');
    // The monitor's own code first, then the figures' once they load.
    expect(within(first).getByTestId('last-result').textContent).toBe('200');
    await waitFor(() => expect(within(first).getByTestId('last-result').textContent).toBe('503'));
    expect(screen.getByTestId('monitor-count').textContent).toBe('3 monitors');
  });

  it('marks the selected monitor and links each item to its detail', async () => {
    stubApi();
    const { router } = renderList({ monitors: three, selectedId: 2 });
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual([null, 'page', null]);
    fireEvent.click(links[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/3'));
  });

  it('shows Disable for a disabled monitor and Down for a down, enabled one', async () => {
    stubApi({ metrics: { 2: { is_down: true, last_status_code: 500 }, 1: { is_down: true } } });
    renderList({ monitors: [shop, blog, { ...dns, is_enabled: false }] });
    await waitFor(() => expect(items()[1]?.dataset.status).toBe('down'));
    expect(within(items()[1] as HTMLElement).getByText('Down')).toBeTruthy();
    // Disabled wins over the figures' down.
    expect(items()[2]?.dataset.status).toBe('disabled');
    expect(within(items()[2] as HTMLElement).getByText('Disable')).toBeTruthy();
    expect(within(items()[2] as HTMLElement).queryByText('Down')).toBeNull();
    expect(items()[0]?.dataset.status).toBe('up');
  });

  it('tags a flapping monitor "Flapping", and not a paused one', () => {
    stubApi();
    renderList({ monitors: [{ ...shop, is_flapping: true }, blog, { ...dns, is_enabled: false, is_flapping: true }] });
    expect(within(items()[0] as HTMLElement).getByText('Flapping')).toBeTruthy();
    expect(within(items()[1] as HTMLElement).queryByText('Flapping')).toBeNull();
    expect(within(items()[2] as HTMLElement).queryByText('Flapping')).toBeNull();
  });

  it('shows "Failing, confirming" rather than Up while a failed check is being re-checked', async () => {
    stubApi({ metrics: { 2: { is_down: false, confirming: true, last_status_code: 503 } } });
    renderList({ monitors: [shop, blog] });
    await waitFor(() => expect(items()[1]?.dataset.status).toBe('confirming'));
    const item = items()[1] as HTMLElement;
    expect(within(item).getByText('Failing, confirming')).toBeTruthy();
    expect(within(item).queryByText('Down')).toBeNull();
    expect(within(item).getByRole('link').getAttribute('aria-label')).toContain('Failing, confirming');
  });

  it('draws the uptime strip from the downtimes and the apdex bars by colour', async () => {
    stubApi({
      metrics: {
        3: {
          fetch_time: '2025-01-02T12:00:00.000Z',
          first_check_at: '2025-01-02T00:00:00.000Z',
          downtimes: [
            {
              from_time: '2025-01-02T06:00:00.000Z',
              to_time: '2025-01-02T07:00:00.000Z',
              duration: 3600,
              ended_by: 'recovery' as const,
            },
            {
              from_time: '2025-01-02T09:00:00.000Z',
              to_time: '2025-01-02T09:01:00.000Z',
              duration: 60,
              ended_by: 'recovery' as const,
            },
          ],
          uptime_percent: 91.5,
          last_day_hourly_metrics: {
            apdex_percents: [95, 95, 80, 80, 10, 10, null, null, ...Array.from({ length: 16 }, () => 100)],
          },
        },
      },
    });
    renderList({ monitors: [shop] });
    const item = items()[0] as HTMLElement;
    const strip = within(item).getByTestId('uptime-strip');
    await waitFor(() => expect(strip.querySelector('[data-status="down"]')).not.toBeNull());
    expect(strip.getAttribute('aria-label')).toBe('Uptime today: 91.50%, 2 downtimes');
    const down = strip.querySelector<HTMLElement>('[data-status="down"]');
    expect(down?.style.left).toBe('25%'); // 06:00 of a UTC day
    expect(strip.querySelectorAll('[data-status="short-down"]')).toHaveLength(1);
    expect(strip.querySelectorAll('[data-status="up"]')).toHaveLength(2);
    const ratings = [...within(item).getByTestId('apdex-bars').children].map(
      (bar) => (bar as HTMLElement).dataset.rating,
    );
    expect(ratings).toEqual([
      'gold',
      'silver',
      'bad',
      'disabled',
      'gold',
      'gold',
      'gold',
      'gold',
      'gold',
      'gold',
      'gold',
      'gold',
    ]);
  });

  it('filters by text over name, alias and address', () => {
    stubApi();
    renderList({ monitors: three });
    const search = screen.getByRole('textbox', { name: 'Search monitors' });
    fireEvent.change(search, { target: { value: 'shop' } });
    expect(itemIds()).toEqual([3]);
    fireEvent.change(search, { target: { value: '1.1.1' } });
    expect(itemIds()).toEqual([1]);
    fireEvent.change(search, { target: { value: 'BLOG' } });
    expect(itemIds()).toEqual([2]);
    expect(screen.getByTestId('monitor-count').textContent).toBe('1 of 3 monitors');
    fireEvent.change(search, { target: { value: 'nothing like it' } });
    expect(items()).toHaveLength(0);
    expect(screen.getByText('No monitors match your search.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(itemIds()).toEqual([3, 2, 1]);
  });

  it('hides the group filter when the plan has no monitor groups', () => {
    stubApi();
    renderList({ monitors: three, groupsEnabled: false });
    expect(screen.queryByRole('combobox', { name: 'Filter by group' })).toBeNull();
  });

  it('filters by the chosen groups, offering the user’s and the monitors’ groups', async () => {
    stubApi();
    renderList({ monitors: three, groupsEnabled: true, userGroups: ['staging'] });
    const filter = screen.getByRole('combobox', { name: 'Filter by group' });
    fireEvent.click(filter);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['prod', 'staging', 'web']);
    fireEvent.click(options[0] as HTMLElement);
    await waitFor(() => expect(itemIds()).toEqual([3]));
  });

  it('keeps the search when the list is shown again (a phone going back from a detail)', () => {
    stubApi();
    renderList({ monitors: three });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search monitors' }), { target: { value: 'blog' } });
    renderList({ monitors: three });
    const searches = screen.getAllByRole('textbox', { name: 'Search monitors' }) as HTMLInputElement[];
    expect(searches.map((search) => search.value)).toEqual(['blog', 'blog']);
  });

  it('disables Add Monitor for an unverified user', () => {
    stubApi();
    const { onAdd } = renderList({ monitors: three, canAdd: false });
    const add = screen.getByRole('button', { name: 'Add Monitor' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.click(add);
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('opens the add form through onAdd', () => {
    stubApi();
    const { onAdd } = renderList({ monitors: three });
    fireEvent.click(screen.getByRole('button', { name: 'Add Monitor' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('disables Remove for a protected monitor only', async () => {
    stubApi();
    renderList({ monitors: [{ ...shop, is_protected: true }, blog] });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for HTTP:Shop' }));
    const protectedRemove = (await screen.findByRole('menuitem', {
      name: 'Remove',
      hidden: true,
    })) as HTMLButtonElement;
    expect(protectedRemove.disabled).toBe(true);
    expect(((await screen.findByRole('menuitem', { name: 'Edit', hidden: true })) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(((await screen.findByRole('menuitem', { name: 'Share', hidden: true })) as HTMLButtonElement).disabled).toBe(
      false,
    );
    fireEvent.keyDown(protectedRemove, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Remove', hidden: true })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Actions for https://blog.example.test/' }));
    const remove = (await screen.findByRole('menuitem', { name: 'Remove', hidden: true })) as HTMLButtonElement;
    expect(remove.disabled).toBe(false);
  });

  it('shares the monitor’s public link, read from the whole monitor', async () => {
    stubApi({ monitors: three });
    renderList({ monitors: three });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for HTTP:Shop' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Share', hidden: true }));
    const link = (await screen.findByRole('textbox', { name: 'Share link' })) as HTMLInputElement;
    expect(link.value).toBe('https://app.example.test/symlink/token-3');
  });

  it('opens the edit form with the whole monitor', async () => {
    stubApi({ monitors: [{ ...shop, period: 600 }, blog, dns] });
    renderList({ monitors: three });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for HTTP:Shop' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit', hidden: true }));
    expect(await screen.findByRole('dialog', { name: /Edit Monitor/ })).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: 'Period' })).toHaveProperty('value', '10 min');
  });

  it('removes after confirming: DELETE, the toast, then onRemoved', async () => {
    const fetchMock = stubApi();
    const { onRemoved } = renderList({ monitors: three });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for https://blog.example.test/' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Monitor' });
    expect(within(dialog).getByText('https://blog.example.test/')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Monitor removed!')).toBeTruthy();
    expect(onRemoved).toHaveBeenCalledWith(2);
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes.map(([url]) => new URL(String(url)).pathname)).toEqual(['/api/v1/monitors/2/']);
  });

  it.each<[string, Answer, string]>([
    ['a server failure', { status: 500, body: { detail: 'boom' } }, 'Something went wrong please try again later!'],
    [
      'a protected monitor',
      { status: 403, body: { detail: "You can't delete protected monitors.", code: 'PROTECTED_MONITOR' } },
      "You can't delete protected monitors.",
    ],
  ])('says so when the removal fails with %s', async (_name, answer, text) => {
    stubApi({ remove: answer });
    const { onRemoved } = renderList({ monitors: three });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for https://blog.example.test/' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Monitor' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(onRemoved).not.toHaveBeenCalled();
  });

  it(
    'with a thousand monitors draws only those on screen and fetches only their figures',
    async () => {
      const fetchMock = stubApi();
      const many = Array.from({ length: 1000 }, (_, index) => buildMonitor({ id: 1000 - index }));
      renderList({ monitors: many });
      const onScreen = Math.ceil(VIEWPORT / LIST_ITEM_HEIGHT);
      expect(items().length).toBeGreaterThan(0);
      expect(items().length).toBeLessThanOrEqual(onScreen + 2 * 2);
      await waitFor(() => expect(metricCalls(fetchMock)).toHaveLength(items().length));

      // Scrolled far down: other items, and their figures only.
      const scroller = screen.getByTestId('monitor-list-scroll');
      scroller.scrollTop = 500 * LIST_ITEM_HEIGHT;
      fireEvent.scroll(scroller);
      await waitFor(() => expect(itemIds()).toContain(500));
      expect(items().length).toBeLessThanOrEqual(onScreen + 2 * 2);
      await waitFor(() =>
        expect(metricCalls(fetchMock).some((url) => url.includes('/monitors/500/metric'))).toBe(true),
      );
      expect(metricCalls(fetchMock).length).toBeLessThanOrEqual(2 * (onScreen + 2 * 2));
    },
    THOUSAND_ITEMS_TIMEOUT_MS,
  );

  it(
    'does not fetch the figures of items scrolled past quickly',
    async () => {
      const fetchMock = stubApi();
      const many = Array.from({ length: 1000 }, (_, index) => buildMonitor({ id: 1000 - index }));
      renderList({ monitors: many });
      const scroller = screen.getByTestId('monitor-list-scroll');
      for (let index = 1; index <= 20; index += 1) {
        scroller.scrollTop = index * 40 * LIST_ITEM_HEIGHT;
        fireEvent.scroll(scroller);
      }
      await waitFor(() => expect(itemIds()).toContain(200));
      await waitFor(() => expect(metricCalls(fetchMock).length).toBeGreaterThan(0));
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Only the items where the scrolling stopped were asked for, none of the hundreds passed (the
      // first screen's may have been, on a slow machine, before the scrolling began).
      const asked = metricCalls(fetchMock).map((url) => Number(/monitors\/(\d+)\/metric/.exec(url)?.[1]));
      expect(asked.some((id) => id >= 190 && id <= 210)).toBe(true);
      expect(asked.filter((id) => id > 210 && id < 990)).toEqual([]);
    },
    THOUSAND_ITEMS_TIMEOUT_MS,
  );

  it('Refresh All fetches the shown monitors’ figures without cache and reloads the list', async () => {
    const fetchMock = stubApi();
    await queryClient.prefetchQuery(monitorsQueryOptions());
    const listCalls = () =>
      fetchMock.mock.calls.filter(([url]) => new URL(String(url)).pathname === '/api/v1/monitors/').length;
    expect(listCalls()).toBe(1);
    renderList({ monitors: three });
    await waitFor(() => expect(metricCalls(fetchMock)).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh All Monitors' }));
    await waitFor(() => expect(metricCalls(fetchMock).filter((url) => url.endsWith('?cache=False'))).toHaveLength(3));
    const fresh = metricCalls(fetchMock)
      .filter((url) => url.endsWith('?cache=False'))
      .map((url) => new URL(url).pathname)
      .sort();
    expect(fresh).toEqual(['/api/v1/monitors/1/metric', '/api/v1/monitors/2/metric', '/api/v1/monitors/3/metric']);
    await waitFor(() => expect(listCalls()).toBe(2));
  });
});
