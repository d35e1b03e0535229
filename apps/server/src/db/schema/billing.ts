import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

export const financialTransactionTypes = ['increase_credit', 'decrease_credit'] as const;

/** What moved money: where a credit came from or what a debit paid for. */
export const ledgerSources = [
  'zarinpal',
  'console',
  'plan_purchase',
  'plan_renewal',
  'plan_proration',
  'admin_adjustment',
] as const;
export type LedgerSource = (typeof ledgerSources)[number];

/**
 * The wallet's ledger: append-only, one row per movement, integer Tomans (negative is a debit).
 * `users.charged_budget` is the sum of a user's rows, kept in the same transaction as each insert
 * (ledger.repository.ts) and never below zero (a CHECK on users). `idempotency_key` makes each
 * movement happen once: a Zarinpal authority, a console request, a purchase.
 */
export const financialTransactions = pgTable(
  'financial_transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    transactionType: text('transaction_type', { enum: financialTransactionTypes }).notNull(),
    source: text('source', { enum: ledgerSources }).notNull(),
    description: text('description').notNull(),
    /** The outside system's id: Zarinpal's ref_id, the console's transfer id; null for our own. */
    externalIdentifier: text('external_identifier'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The balance right after this row: the ledger reads as a statement. */
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('financial_transactions_idempotency_unique').on(table.idempotencyKey),
    index('financial_transactions_user_created_idx').on(table.userId, table.createdAt, table.id),
    check('financial_transactions_amount_not_zero', sql`${table.amount} <> 0`),
    check(
      'financial_transactions_type_matches_sign',
      sql`(${table.transactionType} = 'increase_credit') = (${table.amount} > 0)`,
    ),
    check('financial_transactions_balance_after_not_negative', sql`${table.balanceAfter} >= 0`),
  ],
);

export const zarinpalPaymentStates = ['created', 'pending', 'paid', 'failed'] as const;

/**
 * A card payment through Zarinpal: created before request.json, pending with its authority until
 * the callback (or the reconciliation job) verifies it, then paid (credited once, by the
 * authority as the ledger's idempotency key) or failed.
 */
export const zarinpalPayments = pgTable(
  'zarinpal_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Tomans, as asked: what verify must be called with, never the callback's word. */
    amount: integer('amount').notNull(),
    authority: text('authority'),
    state: text('state', { enum: zarinpalPaymentStates }).notNull().default('created'),
    /** What the payment is for, echoed to the result page: 'charge' or 'buy_plan'. */
    goal: text('goal').notNull(),
    planName: text('plan_name'),
    period: text('period'),
    refId: text('ref_id'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('zarinpal_payments_authority_unique').on(table.authority),
    index('zarinpal_payments_user_idx').on(table.userId, table.createdAt),
    index('zarinpal_payments_pending_idx').on(table.createdAt).where(sql`state IN ('created', 'pending')`),
  ],
);

export const consoleTransferStates = ['requested', 'credited', 'abandoned'] as const;

/**
 * A credit transfer asked of the hosting console, written before the console is asked: if the
 * console moves the credit and the answer or the ledger posting is lost (a crash, a timeout), the
 * reconciliation job finds the transfer by its key and credits it. `requested` → `credited`
 * (posted in the ledger under the same key) or `abandoned` (the console never made it); a client
 * retry of an abandoned one may still credit it.
 */
export const consoleTransfers = pgTable(
  'console_transfers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `console:<user id>:<Idempotency-Key>`: the console's idempotency key and the ledger's. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** Tomans. */
    amount: integer('amount').notNull(),
    /** What the ledger row will say. */
    ledgerDescription: text('ledger_description').notNull(),
    state: text('state', { enum: consoleTransferStates }).notNull().default('requested'),
    transferId: text('transfer_id'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('console_transfers_key_unique').on(table.idempotencyKey),
    index('console_transfers_requested_idx').on(table.createdAt).where(sql`state = 'requested'`),
  ],
);
