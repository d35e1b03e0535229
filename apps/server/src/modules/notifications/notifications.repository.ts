import type { AlertKind } from '@paydar/contracts/alert-events';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema/index';

export type NotificationRow = typeof notifications.$inferSelect;

export interface HistoryFilter {
  monitorId?: number;
  kind?: AlertKind;
}

/**
 * One page of a user's notifications, newest first, and how many match in all. Always filtered
 * by the owner first: a monitor id of someone else's matches none of the caller's rows.
 */
export async function listUserNotifications(
  db: Database,
  userId: number,
  page: { limit: number; offset: number },
  filter: HistoryFilter = {},
): Promise<{ rows: NotificationRow[]; total: number }> {
  const conditions: SQL[] = [eq(notifications.userId, userId)];
  if (filter.monitorId !== undefined) conditions.push(eq(notifications.monitorId, filter.monitorId));
  if (filter.kind !== undefined) conditions.push(sql`${notifications.facts}->>'kind' = ${filter.kind}`);
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(notifications).where(where),
  ]);
  return { rows, total: totals[0]?.value ?? 0 };
}
