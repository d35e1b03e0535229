import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema/index';

export type NotificationRow = typeof notifications.$inferSelect;

/** One page of a user's notifications, newest first, and how many they have in all. */
export async function listUserNotifications(
  db: Database,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(notifications).where(eq(notifications.userId, userId)),
  ]);
  return { rows, total: totals[0]?.value ?? 0 };
}
