import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { monitors } from './monitors';
import { statusPages } from './status-pages';

const INCIDENT_STATE_VALUES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;

/**
 * Incidents on a status page (issue 16), opened by the service when a monitor on the page goes
 * down (`origin = 'auto'`) or by the owner (`'manual'`). Markdown is stored as written; the
 * sanitized HTML is rendered on read (status-page-incidents/incident-markdown.ts).
 */
export const incidents = pgTable(
  'incidents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    statusPageId: integer('status_page_id')
      .notNull()
      .references(() => statusPages.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    origin: text('origin', { enum: ['auto', 'manual'] }).notNull(),
    /** The latest update's state. */
    state: text('state', { enum: INCIDENT_STATE_VALUES }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Set by a `resolved` update; null again when a later update reopens it. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    postmortem: text('postmortem'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('incidents_page_started_idx').on(table.statusPageId, table.startedAt),
    check('incidents_resolved_state', sql`(state = 'resolved') = (resolved_at IS NOT NULL)`),
    check('incidents_postmortem_resolved', sql`postmortem IS NULL OR resolved_at IS NOT NULL`),
  ],
);

/** The monitors an incident affects; a monitor deleted from the account leaves its incidents. */
export const incidentMonitors = pgTable(
  'incident_monitors',
  {
    incidentId: integer('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    monitorId: integer('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.incidentId, table.monitorId] }),
    index('incident_monitors_monitor_idx').on(table.monitorId),
  ],
);

/** An incident's updates: a state and a Markdown body; `automatic` when the service wrote it. */
export const incidentUpdates = pgTable(
  'incident_updates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    incidentId: integer('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    state: text('state', { enum: INCIDENT_STATE_VALUES }).notNull(),
    body: text('body').notNull(),
    automatic: boolean('automatic').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('incident_updates_incident_idx').on(table.incidentId, table.createdAt)],
);
