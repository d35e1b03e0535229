import { type AlertChannels, completeAlertChannels } from '@paydar/contracts/accounts';
import { calendars } from '@paydar/contracts/calendars';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const emptyAlertChannels: AlertChannels = completeAlertChannels({});

/**
 * `alert_channels` as jsonb, read with every channel kind present: a profile saved before a kind
 * existed (Slack, Bale…) reads with an empty list for it, so no code meets a missing key.
 */
const alertChannelsJsonb = customType<{ data: AlertChannels; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) =>
    completeAlertChannels((typeof value === 'string' ? JSON.parse(value) : value) as Partial<AlertChannels>),
});

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Always stored lower-cased and trimmed. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    isStaff: boolean('is_staff').notNull().default(false),
    isDemo: boolean('is_demo').notNull().default(false),
    /** Wallet balance in Tomans; the billing ledger keeps it. */
    chargedBudget: bigint('charged_budget', { mode: 'number' }).notNull().default(0),
    alertChannels: alertChannelsJsonb('alert_channels').notNull().default(emptyAlertChannels),
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    /** Keys the HMAC-SHA256 signature of this user's webhook deliveries; shown to the owner only. */
    webhookSecret: text('webhook_secret')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    /** IANA name of the zone alert messages and the history show times in (validated by the API). */
    timeZone: text('time_zone').notNull().default('Asia/Tehran'),
    /** The calendar every date is shown in, on screen and in alert messages (issue 15); sign-up picks Jalali for Iran's zone. */
    calendar: text('calendar', { enum: calendars }).notNull().default('gregorian'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    // The wallet never goes below zero, whatever the code above it does.
    check('users_charged_budget_not_negative', sql`${table.chargedBudget} >= 0`),
    check('users_time_zone_length', sql`length(${table.timeZone}) BETWEEN 1 AND 64`),
    check('users_calendar_known', sql`${table.calendar} IN ('gregorian', 'jalali')`),
  ],
);

/** Session keys: only a SHA-256 of the key is kept, so a database leak gives no usable key. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Set when the session was opened by impersonation: the staff user behind it. */
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [uniqueIndex('sessions_key_hash_unique').on(table.keyHash), index('sessions_user_idx').on(table.userId)],
);

export const emailTokenPurposes = ['verify_email', 'reset_password', 'change_email'] as const;
export type EmailTokenPurpose = (typeof emailTokenPurposes)[number];

/** Single-use, expiring tokens sent by mail. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: emailTokenPurposes }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** change_email only: the address the account moves to once this token is used. */
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('email_tokens_hash_unique').on(table.tokenHash),
    index('email_tokens_user_idx').on(table.userId),
  ],
);
