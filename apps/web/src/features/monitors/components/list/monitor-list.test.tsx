// @vitest-environment jsdom
// Mantine's menu stays mid-transition in jsdom (display: none), so its items are found with `hidden: true`.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  blog,
  dns,
  itemIds,
  items,
  renderList,
  setUpListTests,
  shop,
  stubApi,
  three,
} from './monitor-list.test-support';

setUpListTests();

describe('MonitorList', () => {
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
              reason: null,
            },
            {
              from_time: '2025-01-02T09:00:00.000Z',
              to_time: '2025-01-02T09:01:00.000Z',
              duration: 60,
              ended_by: 'recovery' as const,
              reason: null,
            },
          ],
          uptime_percent: 91.5,
          last_day_hourly_metrics: {
            from_time: '2025-01-01T09:00:00.000Z',
            apdex_percents: [95, 95, 80, 80, 10, 10, null, null, ...Array.from({ length: 16 }, () => 100)],
            paused: [],
            maintenance: [],
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
});
