import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Personal API tokens (issue 17): for scripts, apart from sessions so that logout and password
 * changes leave them alone. Only a SHA-256 of the token is kept; revoking deletes the row, and
 * deleting the user deletes them all.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['read', 'read_write'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per token; null until first used. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** Null: until revoked. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_tokens_token_hash_unique').on(table.tokenHash),
    index('api_tokens_user_idx').on(table.userId),
    check('api_tokens_scope_known', sql`${table.scope} IN ('read', 'read_write')`),
    check('api_tokens_name_length', sql`length(${table.name}) BETWEEN 1 AND 100`),
  ],
);
