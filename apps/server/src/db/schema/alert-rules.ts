import type { AlertPolicyState } from '@paydar/domain/alert-policy';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { monitors } from './monitors';

/**
 * What the alert rules (modules/alert-rules) remember of a monitor: what the user was told, what
 * is owed and when (domain/alert-policy), and when the clock must wake it. One row per monitor that
 * ever had a transition, locked while a transition or a wake-up moves it.
 */
export const monitorAlertStates = pgTable(
  'monitor_alert_states',
  {
    monitorId: integer('monitor_id')
      .primaryKey()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    state: jsonb('state').$type<AlertPolicyState>().notNull(),
    /** The next wake-up; null when nothing waits. */
    wakeAt: timestamp('wake_at', { withTimezone: true }),
    /** Kept beside the state so the monitor list reads one boolean. */
    isFlapping: boolean('is_flapping').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The rows waiting for the clock alone, for the sweep's look for overdue ones.
  (table) => [index('monitor_alert_states_wake_idx').on(table.wakeAt).where(sql`wake_at IS NOT NULL`)],
);
