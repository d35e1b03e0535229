import type { PlanSpecifications } from '@paydar/contracts/plans';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

export type PlanDescription = {
  /** Notification: alerts per calendar month (UTC). */
  quantity: { Notification: number };
  /** VoiceCall: phones are also called (text-to-speech) besides the SMS. */
  quality: { Protocol: string[]; VoiceCall: boolean };
};

export const plans = pgTable(
  'plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    level: integer('level').notNull(),
    /** Tomans per month. */
    defaultCost: integer('default_cost').notNull(),
    description: jsonb('description').$type<PlanDescription>().notNull(),
    specifications: jsonb('specifications').$type<PlanSpecifications>().notNull(),
    imageUrl: text('image_url').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
  },
  (table) => [uniqueIndex('plans_name_unique').on(table.name)],
);

export const subscriptionPeriods = ['Monthly', 'Yearly'] as const;

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    isActive: boolean('is_active').notNull().default(true),
    /** Null for Free, which never expires. */
    period: text('period', { enum: subscriptionPeriods }),
    startTime: timestamp('start_time', { withTimezone: true }).notNull().defaultNow(),
    expireTime: timestamp('expire_time', { withTimezone: true }),
    /** When the "expires in three days" mail went out, so it goes once. */
    expiryNoticeSentAt: timestamp('expiry_notice_sent_at', { withTimezone: true }),
    /**
     * Whether the plan renews from the wallet when it ends; the user may switch it off, and it then
     * ends and the account moves to Free. Meaningless for a plan the wallet does not renew (Free,
     * Enterprise, one without a period).
     */
    autoRenew: boolean('auto_renew').notNull().default(true),
  },
  (table) => [
    index('subscriptions_user_idx').on(table.userId),
    // One active subscription per user, enforced by the database, not by hope.
    uniqueIndex('subscriptions_one_active_per_user').on(table.userId).where(sql`is_active`),
  ],
);
