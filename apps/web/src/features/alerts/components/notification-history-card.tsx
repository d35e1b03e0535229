import { NOTIFICATION_HISTORY_PAGE_SIZE } from '@paydar/contracts/notifications';
import { useState } from 'react';
import { PagedHistoryCard } from '@/components/paged-history-card';
import { useProfile } from '@/lib/auth';
import { type HistoryFilters, useNotificationHistory } from '../api/get-notification-history';
import { NotificationHistoryFilters } from './notification-history-filters';
import { NotificationHistoryList } from './notification-history-list';
import { NotificationHistoryTable } from './notification-history-table';

/**
 * The notification history (spec §2 Alert Center): 10 a page, paged by the server, filtered by
 * monitor and kind, times in the profile's time zone.
 */
export function NotificationHistoryCard() {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<HistoryFilters>({});
  const timeZone = useProfile().data?.time_zone;
  const filtered = filters.monitorId !== undefined || filters.kind !== undefined;
  return (
    <PagedHistoryCard
      id="notification-history"
      title="Notification history"
      what="the notification history"
      countLabel={(count) => (count === 1 ? '1 notification' : `${count} notifications`)}
      empty={
        filtered
          ? 'No notifications match these filters.'
          : 'No notifications yet. When a monitor goes down or comes back up, the alerts sent to your channels are listed here.'
      }
      history={useNotificationHistory(page, filters)}
      pageSize={NOTIFICATION_HISTORY_PAGE_SIZE}
      page={page}
      onPageChange={setPage}
      filters={
        <NotificationHistoryFilters
          value={filters}
          onChange={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
      }
      renderItems={(items, phone) =>
        phone ? (
          <NotificationHistoryList items={items} />
        ) : (
          <NotificationHistoryTable items={items} timeZone={timeZone} />
        )
      }
    />
  );
}
