// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { setScreenWidth } from '@/testing/test-utils';
import { buildNotification, renderAt, setUpAlertTests, stubAlertsApi } from './alert-center.test-support';
import { NotificationHistoryCard } from './notification-history-card';

/** The notification history table (spec §2, §3, §9: 10 a page, paged by the server). */
setUpAlertTests();

const history = Array.from({ length: 23 }, (_, index) =>
  buildNotification({ id: index + 1, recipient: `person-${index + 1}@example.test` }),
);

const recipients = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]?.textContent);

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

  it('shows type, monitor, recipient, date and status with the reason', async () => {
    stubAlertsApi({
      history: [
        buildNotification({
          id: 1,
          notification_type: 'call',
          monitor: { id: 3, url: null, host: 'db.example.test' },
          recipient: '09121234567',
          is_sent: false,
          public_message: 'The number did not answer.',
        }),
        buildNotification({ id: 2, notification_type: 'webhook', recipient: 'https://hooks.example.test/a' }),
      ],
    });
    renderAt(<NotificationHistoryCard />);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Type', 'Monitor', 'Recipient', 'Date', 'Status']);
    const [first, second] = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    const date = dayjs('2025-03-05T14:03:09.000Z').format('MMM Do, HH:mm:ss');
    expect(date).toMatch(/^Mar 5th, \d\d:03:09$/);
    expect(first).toEqual(['Voice call', 'db.example.test', '09121234567', date, 'Not sentThe number did not answer.']);
    expect(second).toEqual([
      'Webhook',
      'https://site-2.example.test/',
      'https://hooks.example.test/a',
      date,
      'SentDelivered.',
    ]);
    // One page only: no pager.
    expect(screen.queryByRole('button', { name: 'Page 1' })).toBeNull();
  });

  it('says so when nothing was sent yet', async () => {
    stubAlertsApi({ history: [] });
    renderAt(<NotificationHistoryCard />);
    expect(await screen.findByText(/^No notifications yet\./)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists the alerts as cards on a phone', async () => {
    // The test stub answers min-width queries only; a phone also matches the phone query (max-width: 576px).
    setScreenWidth(390);
    const narrow = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) =>
      /max-width:\s*576px/.test(query) ? { ...narrow(query), matches: true } : narrow(query),
    );
    stubAlertsApi({ history: history.slice(0, 2) });
    renderAt(<NotificationHistoryCard />);
    const list = await screen.findByRole('list', { name: 'Notification history' });
    expect(screen.queryByRole('table')).toBeNull();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('To person-1@example.test')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('Sent')).toBeTruthy();
  });
});
