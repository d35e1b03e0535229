import { NOTIFICATION_TYPES } from '@paydar/contracts/notifications';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { monitorEvents, monitors } from './monitors';
import { users } from './users';

/**
 * One alert to one channel for one monitor transition: the notification history, and the
 * delivery's record. Unique per (event, type, recipient), so an event dispatched twice (a retry,
 * a second worker) makes no second alert. The monitor's address is kept as it was, so the
 * history still reads after the monitor is removed.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    monitorId: integer('monitor_id').references(() => monitors.id, { onDelete: 'set null' }),
    monitorUrl: text('monitor_url'),
    monitorHost: text('monitor_host'),
    eventId: integer('event_id').references(() => monitorEvents.id, { onDelete: 'set null' }),
    notificationType: text('notification_type', { enum: NOTIFICATION_TYPES }).notNull(),
    recipient: text('recipient').notNull(),
    /** pending → sending → sent or failed. */
    state: text('state', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    isSent: boolean('is_sent').notNull().default(false),
    publicMessage: text('public_message').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('notifications_once_per_event_channel').on(table.eventId, table.notificationType, table.recipient),
    index('notifications_user_created_idx').on(table.userId, table.createdAt, table.id),
  ],
);
