import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { monitors } from './monitors';
import { users } from './users';

/**
 * Status pages (issue 16): a user's public page of chosen monitors under public names. Incidents
 * and subscribers reference `status_pages.id`.
 */
export const statusPages = pgTable(
  'status_pages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    logoUrl: text('logo_url'),
    language: text('language', { enum: ['en', 'fa'] }).notNull(),
    timeZone: text('time_zone').notNull(),
    showResponseTimes: boolean('show_response_times').notNull().default(false),
    customDomain: text('custom_domain'),
    /** argon2id, as account passwords; null: the page is public. */
    passwordHash: text('password_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('status_pages_slug_idx').on(table.slug),
    uniqueIndex('status_pages_custom_domain_idx').on(table.customDomain),
    index('status_pages_user_idx').on(table.userId),
    check('status_pages_slug_shape', sql`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) BETWEEN 3 AND 48`),
  ],
);

/** A page's sections in order. */
export const statusPageSections = pgTable(
  'status_page_sections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pageId: integer('page_id')
      .notNull()
      .references(() => statusPages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull().default(''),
  },
  (table) => [uniqueIndex('status_page_sections_order_idx').on(table.pageId, table.position)],
);

/** A section's monitors in order; a monitor deleted from the account leaves every page (cascade). */
export const statusPageMonitors = pgTable(
  'status_page_monitors',
  {
    sectionId: integer('section_id')
      .notNull()
      .references(() => statusPageSections.id, { onDelete: 'cascade' }),
    /** Denormalised from the section so one monitor appears on a page once (the unique index). */
    pageId: integer('page_id')
      .notNull()
      .references(() => statusPages.id, { onDelete: 'cascade' }),
    monitorId: integer('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    publicName: text('public_name').notNull(),
    showTarget: boolean('show_target').notNull().default(false),
  },
  (table) => [
    uniqueIndex('status_page_monitors_page_monitor_idx').on(table.pageId, table.monitorId),
    uniqueIndex('status_page_monitors_order_idx').on(table.sectionId, table.position),
    index('status_page_monitors_monitor_idx').on(table.monitorId),
  ],
);
