// @vitest-environment jsdom
// Mantine's menu stays mid-transition in jsdom (display: none), so its items are found with `hidden: true`.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { buildMonitor } from '@/testing/monitor-builders';
import { monitorsQueryOptions } from '../../api/get-monitors';
import {
  itemIds,
  items,
  metricCalls,
  renderList,
  setUpListTests,
  stubApi,
  THOUSAND_ITEMS_TIMEOUT_MS,
  three,
  VIEWPORT,
} from './monitor-list.test-support';
import { LIST_ITEM_HEIGHT } from './monitor-list-item';

setUpListTests();

describe('MonitorList: many monitors, and Refresh All', () => {
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
    await waitFor(() => expect(metricCalls(fetchMock).filter((url) => url.includes('?cache=False'))).toHaveLength(3));
    const fresh = metricCalls(fetchMock)
      .filter((url) => url.includes('?cache=False'))
      .map((url) => new URL(url).pathname)
      .sort();
    expect(fresh).toEqual(['/api/v1/monitors/1/metric', '/api/v1/monitors/2/metric', '/api/v1/monitors/3/metric']);
    await waitFor(() => expect(listCalls()).toBe(2));
  });
});
