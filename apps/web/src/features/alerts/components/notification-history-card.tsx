import { NOTIFICATION_HISTORY_PAGE_SIZE } from '@paydar/contracts/notifications';
import { useState } from 'react';
import { PagedHistoryCard } from '@/components/paged-history-card';
import { useNotificationHistory } from '../api/get-notification-history';
import { NotificationHistoryList } from './notification-history-list';
import { NotificationHistoryTable } from './notification-history-table';

/** The notification history (spec §2 Alert Center): 10 a page, paged by the server. */
export function NotificationHistoryCard() {
  const [page, setPage] = useState(1);
  return (
    <PagedHistoryCard
      id="notification-history"
      title="Notification history"
      what="the notification history"
      countLabel={(count) => (count === 1 ? '1 notification' : `${count} notifications`)}
      empty="No notifications yet. When a monitor goes down or comes back up, the alerts sent to your channels are listed here."
      history={useNotificationHistory(page)}
      pageSize={NOTIFICATION_HISTORY_PAGE_SIZE}
      page={page}
      onPageChange={setPage}
      renderItems={(items, phone) =>
        phone ? <NotificationHistoryList items={items} /> : <NotificationHistoryTable items={items} />
      }
    />
  );
}
