import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { monitors } from './monitors';
import { users } from './users';

/**
 * Maintenance windows (issue 14): a one-off stretch or weekly local hours, in the window's own
 * IANA zone, over some of the owner's monitors. The rules live here; what ingest, dispatch and the
 * metrics consult is `maintenance_spans`, the concrete occurrences.
 */
export const maintenanceWindows = pgTable(
  'maintenance_windows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    kind: text('kind', { enum: ['once', 'weekly'] }).notNull(),
    timeZone: text('time_zone').notNull(),
    /** once: the stretch; null for weekly. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** weekly: ISO days (1 = Monday), local HH:MM, minutes. */
    daysOfWeek: smallint('days_of_week').array(),
    startTime: text('start_time'),
    durationMinutes: integer('duration_minutes'),
    /** Ended early: no occurrence covers time before this (the rest of the one that was going on). */
    skipUntil: timestamp('skip_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('maintenance_windows_user_idx').on(table.userId),
    check(
      'maintenance_windows_shape',
      sql`(kind = 'once' AND starts_at IS NOT NULL AND ends_at IS NOT NULL AND ends_at >= starts_at)
        OR (kind = 'weekly' AND days_of_week IS NOT NULL AND start_time IS NOT NULL AND duration_minutes BETWEEN 5 AND 1440)`,
    ),
  ],
);

export const maintenanceWindowMonitors = pgTable(
  'maintenance_window_monitors',
  {
    windowId: integer('window_id')
      .notNull()
      .references(() => maintenanceWindows.id, { onDelete: 'cascade' }),
    monitorId: integer('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.windowId, table.monitorId] }),
    index('maintenance_window_monitors_monitor_idx').on(table.monitorId),
  ],
);

/**
 * The concrete occurrences per monitor, for the past and the next 14 days: ingest, dispatch and the
 * metrics look these up by (monitor, start) instead of expanding rules. Spans already over stay
 * when their window is edited or deleted (window_id set null): that time was maintenance.
 */
export const maintenanceSpans = pgTable(
  'maintenance_spans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    windowId: integer('window_id').references(() => maintenanceWindows.id, { onDelete: 'set null' }),
    monitorId: integer('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('maintenance_spans_monitor_starts_idx').on(table.monitorId, table.startsAt),
    index('maintenance_spans_window_idx').on(table.windowId),
    // The boundaries coming up, whoever's (maintenance-boundaries.ts: live pushes a start and an end).
    index('maintenance_spans_starts_idx').on(table.startsAt),
    index('maintenance_spans_ends_idx').on(table.endsAt),
    check('maintenance_spans_order', sql`ends_at > starts_at`),
  ],
);
