import type { NotificationHistoryItem } from '@paydar/contracts/notifications';
import type { Caller, ServiceContext } from '../../context';
import { offsetPage } from '../../http/pagination';
import { listUserNotifications, type NotificationRow } from './notifications.repository';
import type { HistoryQuery } from './notifications.schema';

export const HISTORY_PATH = '/api/v1/notification_history/';

/**
 * The monitor's display name as the alert gave it; rows from before the facts held one read by
 * their address, and a channel test names no monitor.
 */
function monitorName(row: NotificationRow): string | null {
  if (row.facts?.kind === 'test') return null;
  return row.facts?.monitor.name || row.monitorUrl || row.monitorHost || null;
}

function present(row: NotificationRow): NotificationHistoryItem {
  return {
    id: row.id,
    notification_type: row.notificationType,
    monitor: { id: row.monitorId, url: row.monitorUrl, host: row.monitorHost, name: monitorName(row) },
    recipient: row.recipient,
    creation_time: row.createdAt.toISOString(),
    is_sent: row.isSent,
    public_message: row.publicMessage,
    kind: row.facts?.kind ?? null,
    reason: row.facts?.reason ?? null,
    state: row.state,
    sent_time: row.sentAt?.toISOString() ?? null,
  };
}

/** The filters as they go back into the page links, so `next` stays on the same monitor and kind. */
function filterParams(query: HistoryQuery): string {
  const params = new URLSearchParams();
  if (query.monitor_id !== undefined) params.set('monitor_id', String(query.monitor_id));
  if (query.kind !== undefined) params.set('kind', query.kind);
  return params.size ? `?${params}` : '';
}

/** `GET /api/v1/notification_history/`: the caller's own alerts only, newest first, by monitor and kind. */
export async function getNotificationHistory(context: ServiceContext, caller: Caller, query: HistoryQuery) {
  const { rows, total } = await listUserNotifications(context.db, caller.userId, query, {
    monitorId: query.monitor_id,
    kind: query.kind,
  });
  return offsetPage(
    rows.map(present),
    total,
    query,
    `${context.config.PUBLIC_URL}${HISTORY_PATH}${filterParams(query)}`,
  );
}
