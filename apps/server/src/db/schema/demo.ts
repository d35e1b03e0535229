import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';

/**
 * The demo account's generated history (modules/demo): one row once it is seeded. `generatedUntil`
 * is the watermark: every demo check before it is written, none after. Seeding and the minute job
 * lock this row (or, before it exists, an advisory lock), so replicas never write a check twice.
 */
export const demoData = pgTable(
  'demo_data',
  {
    id: smallint('id').primaryKey().default(1),
    seededAt: timestamp('seeded_at', { withTimezone: true }).notNull(),
    generatedUntil: timestamp('generated_until', { withTimezone: true }).notNull(),
    /** How long the first seed took, for the operator (it runs at start-up). */
    seedMs: integer('seed_ms').notNull(),
  },
  (table) => [check('demo_data_one_row', sql`${table.id} = 1`)],
);
