// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildMonitor } from '@/testing/monitor-builders';
import { setScreenWidth } from '@/testing/test-utils';
import { buildNotification, renderAt, setUpAlertTests, signIn, stubAlertsApi } from './alert-center.test-support';
import { NotificationHistoryCard } from './notification-history-card';

/** The notification history table (spec §2, §3, §9: 10 a page, paged by the server; issue 14's columns and filters). */
setUpAlertTests();

const history = Array.from({ length: 23 }, (_, index) =>
  buildNotification({ id: index + 1, recipient: `person-${index + 1}@example.test` }),
);

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
const recipients = (table: HTMLElement) => cellsOf(table).map((cells) => cells[4]);

/** Picks an option of one of the filter selects. */
async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('notification history', () => {
  it('asks the server for 10 at a time and pages through them', async () => {
    const api = stubAlertsApi({ history });
    renderAt(<NotificationHistoryCard />);
    const table = await screen.findByRole('table', { name: 'Notification history' });
    expect(recipients(table)).toEqual(history.slice(0, 10).map((item) => item.recipient));
    expect(screen.getByText('23 notifications')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() =>
      expect(recipients(screen.getByRole('table'))).toEqual([
        'person-21@example.test',
        'person-22@example.test',
        'person-23@example.test',
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(recipients(screen.getByRole('table'))[0]).toBe('person-11@example.test'));

    expect(api.callsTo('/api/v1/notification_history/').map((call) => call.search)).toEqual([
      '?limit=10&offset=0',
      '?limit=10&offset=20',
      '?limit=10&offset=10',
    ]);
  });

  it('shows time in the profile’s zone, monitor name, event tag, reason, channel and outcome', async () => {
    stubAlertsApi({
      history: [
        buildNotification({
          id: 1,
          notification_type: 'call',
          monitor: { id: 3, url: null, host: 'db.example.test', name: 'TCP:database' },
          recipient: '09121234567',
          is_sent: false,
          state: 'failed',
          public_message: 'Not sent: the number did not answer.',
        }),
        buildNotification({
          id: 2,
          notification_type: 'webhook',
          kind: 'up',
          reason: null,
          recipient: 'https://hooks.example.test/a',
        }),
        buildNotification({ id: 3, kind: 'slow', reason: 'apdex 0.41', state: 'sending', is_sent: false }),
        buildNotification({
          id: 4,
          kind: 'test',
          reason: null,
          monitor: { id: null, url: null, host: null, name: null },
          notification_type: 'telegram',
          recipient: '@ana_alerts',
        }),
        // A row from before the facts: named by its address, no event.
        buildNotification({
          id: 5,
          kind: null,
          reason: null,
          monitor: { id: null, url: 'https://old.example.test/', host: null, name: 'https://old.example.test/' },
        }),
      ],
    });
    renderAt(<NotificationHistoryCard />);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Time', 'Monitor', 'Event', 'Reason', 'Channel', 'Outcome']);
    // 14:03:09 UTC is 17:33:09 in Tehran (UTC+3:30, no summer time since 2022).
    const time = 'Mar 5th, 17:33:09';
    expect(cellsOf(table)).toEqual([
      [time, 'TCP:database', 'Down', 'HTTP 503', '09121234567', 'Not sentNot sent: the number did not answer.'],
      [time, 'HTTP:site-2', 'Up', '—', 'https://hooks.example.test/a', 'Sent'],
      [time, 'HTTP:site-3', 'Slow', 'apdex 0.41', 'ana@example.test', 'Sending…'],
      [time, 'Channel test', 'Test', '—', '@ana_alerts', 'Sent'],
      [time, 'https://old.example.test/', '—', '—', 'ana@example.test', 'Sent'],
    ]);
    // The channel's type is its icon, named for screen readers.
    const [firstRow] = within(table).getAllByRole('row').slice(1);
    expect(within(firstRow as HTMLElement).getByRole('img', { name: 'Voice call' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 1' })).toBeNull();
  });

  it('gives the times in another zone when the profile says so', async () => {
    signIn({ time_zone: 'Europe/Berlin' });
    stubAlertsApi({ history: [buildNotification({ id: 1 })], profile: { time_zone: 'Europe/Berlin' } });
    renderAt(<NotificationHistoryCard />);
    const table = await screen.findByRole('table');
    expect(cellsOf(table)[0]?.[0]).toBe('Mar 5th, 15:03:09');
  });

  it('filters by monitor and by event, asking the server, back on page 1', async () => {
    const shop = buildMonitor({ id: 7, alias: 'shop' });
    const blog = buildMonitor({ id: 8 });
    const api = stubAlertsApi({
      monitors: [shop, blog],
      history: [
        buildNotification({ id: 1, kind: 'down', monitor: { id: 7, url: shop.url, host: null, name: 'HTTP:shop' } }),
        buildNotification({ id: 2, kind: 'up', monitor: { id: 7, url: shop.url, host: null, name: 'HTTP:shop' } }),
        buildNotification({ id: 3, kind: 'down', monitor: { id: 8, url: blog.url, host: null, name: blog.url } }),
      ],
    });
    renderAt(<NotificationHistoryCard />);
    await screen.findByRole('table');
    await choose('Monitor', 'HTTP:shop');
    await waitFor(() => expect(cellsOf(screen.getByRole('table')).map((cells) => cells[2])).toEqual(['Down', 'Up']));
    await choose('Event', 'Up');
    await waitFor(() => expect(cellsOf(screen.getByRole('table')).map((cells) => cells[2])).toEqual(['Up']));
    const searches = api.callsTo('/api/v1/notification_history/').map((call) => call.search);
    expect(searches).toContain('?limit=10&offset=0&monitor_id=7');
    expect(searches.at(-1)).toBe('?limit=10&offset=0&monitor_id=7&kind=up');
  });

  it('says so when no row matches the filters', async () => {
    stubAlertsApi({ history: [buildNotification({ id: 1, kind: 'down' })] });
    renderAt(<NotificationHistoryCard />);
    await screen.findByRole('table');
    await choose('Event', 'Fast again');
    expect(await screen.findByText('No notifications match these filters.')).toBeTruthy();
  });

  it('says so when nothing was sent yet', async () => {
    stubAlertsApi({ history: [] });
    renderAt(<NotificationHistoryCard />);
    expect(await screen.findByText(/^No notifications yet\./)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists the alerts as cards on a phone, with the same facts', async () => {
    // The test stub answers min-width queries only; a phone also matches the phone query (max-width: 576px).
    setScreenWidth(390);
    const narrow = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) =>
      /max-width:\s*576px/.test(query) ? { ...narrow(query), matches: true } : narrow(query),
    );
    stubAlertsApi({
      history: [
        buildNotification({ id: 1, recipient: 'person-1@example.test' }),
        buildNotification({
          id: 2,
          kind: 'flapping',
          reason: '6 changes in 10 minutes',
          state: 'failed',
          is_sent: false,
          public_message: 'Not sent: refused.',
        }),
      ],
    });
    renderAt(<NotificationHistoryCard />);
    const list = await screen.findByRole('list', { name: 'Notification history' });
    expect(screen.queryByRole('table')).toBeNull();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0] as HTMLElement);
    expect(first.getByText('HTTP:site-1')).toBeTruthy();
    expect(first.getByText('Down')).toBeTruthy();
    expect(first.getByText('HTTP 503')).toBeTruthy();
    expect(first.getByText('person-1@example.test')).toBeTruthy();
    expect(first.getByText('Mar 5th, 17:33:09')).toBeTruthy();
    expect(first.getByText('Sent')).toBeTruthy();
    const second = within(items[1] as HTMLElement);
    expect(second.getByText('Flapping')).toBeTruthy();
    expect(second.getByText('6 changes in 10 minutes')).toBeTruthy();
    expect(second.getByText('Not sent: refused.')).toBeTruthy();
  });
});
