import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A prober agent in one datacenter. Its key is stored only as a SHA-256. */
export const probers = pgTable(
  'probers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    countryCode: text('country_code').notNull(),
    datacenter: text('datacenter').notNull(),
    keyHash: text('key_hash').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    /** The server's own in-process agent. */
    isBuiltin: boolean('is_builtin').notNull().default(false),
    /** A datacenter of the demo account's tour (modules/demo): no agent, shown to the demo account only. */
    isDemo: boolean('is_demo').notNull().default(false),
    /** Bumped whenever a monitor assigned to this prober changes; agents long-poll on it. */
    assignmentVersion: bigint('assignment_version', { mode: 'number' }).notNull().default(1),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('probers_name_unique').on(table.name),
    uniqueIndex('probers_key_hash_unique').on(table.keyHash),
    uniqueIndex('probers_one_builtin').on(table.isBuiltin).where(sql`is_builtin`),
  ],
);

/**
 * A prober's health, one row per prober and UTC hour: checks it reported and how many of them
 * failed through its own fault (tool missing, local resolver, sockets, clock). Ingest adds to the
 * counters once per batch, so GET /probers/ reads a few rows instead of scanning raw records.
 */
export const proberHealthHours = pgTable(
  'prober_health_hours',
  {
    proberId: integer('prober_id')
      .notNull()
      .references(() => probers.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    checks: integer('checks').notNull().default(0),
    proberFailures: integer('prober_failures').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.proberId, table.hour] })],
);
