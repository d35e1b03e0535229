import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Single-use tokens a staff user issues to sign in as someone; the row records its use. */
export const impersonationTokens = pgTable(
  'impersonation_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetUserId: integer('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedFromIp: text('used_from_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('impersonation_tokens_hash_unique').on(table.tokenHash),
    index('impersonation_tokens_target_idx').on(table.targetUserId),
  ],
);
