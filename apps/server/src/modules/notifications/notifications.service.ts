import type { NotificationHistoryItem } from '@paydar/contracts/notifications';
import type { Caller, ServiceContext } from '../../context';
import { offsetPage } from '../../http/pagination';
import { listUserNotifications, type NotificationRow } from './notifications.repository';
import type { HistoryQuery } from './notifications.schema';

export const HISTORY_PATH = '/api/v1/notification_history/';

function present(row: NotificationRow): NotificationHistoryItem {
  return {
    id: row.id,
    notification_type: row.notificationType,
    monitor: { id: row.monitorId, url: row.monitorUrl, host: row.monitorHost },
    recipient: row.recipient,
    creation_time: row.createdAt.toISOString(),
    is_sent: row.isSent,
    public_message: row.publicMessage,
  };
}

/** `GET /api/v1/notification_history/`: the caller's own alerts only, newest first. */
export async function getNotificationHistory(context: ServiceContext, caller: Caller, query: HistoryQuery) {
  const { rows, total } = await listUserNotifications(context.db, caller.userId, query);
  return offsetPage(rows.map(present), total, query, `${context.config.PUBLIC_URL}${HISTORY_PATH}`);
}
