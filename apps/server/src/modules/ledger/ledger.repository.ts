import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { LedgerSource } from '../../db/schema/billing';
import { AppError } from '../../errors';

export interface LedgerEntryInput {
  userId: number;
  /** Integer Tomans: positive credits the wallet, negative debits it. */
  amount: number;
  source: LedgerSource;
  description: string;
  externalIdentifier?: string | null;
  /** The movement's identity: posting the same key again returns the first posting and moves nothing. */
  idempotencyKey: string;
}

export interface LedgerEntry {
  id: number;
  userId: number;
  amount: number;
  transactionType: 'increase_credit' | 'decrease_credit';
  source: LedgerSource;
  description: string;
  externalIdentifier: string | null;
  balanceAfter: number;
  createdAt: Date;
}

export const INSUFFICIENT_BALANCE_TEXT = 'Your credit is not enough for this. Charge your wallet first.';

function toEntry(row: Record<string, unknown>): LedgerEntry {
  return {
    id: row.id as number,
    userId: row.user_id as number,
    amount: Number(row.amount),
    transactionType: row.transaction_type as LedgerEntry['transactionType'],
    source: row.source as LedgerSource,
    description: row.description as string,
    externalIdentifier: row.external_identifier as string | null,
    balanceAfter: Number(row.balance_after),
    createdAt: new Date(row.created_at as string),
  };
}

/**
 * Moves money in or out of a wallet, inside the caller's transaction: the user's row is locked
 * first, so postings to one wallet take turns; a key already posted returns that posting
 * (`created: false`) and moves nothing; a debit the balance does not cover throws
 * INSUFFICIENT_BALANCE and moves nothing. The balance and the ledger row change together.
 */
export async function postLedgerEntry(
  db: Database,
  input: LedgerEntryInput,
  now: Date,
): Promise<{ entry: LedgerEntry; created: boolean }> {
  if (!Number.isSafeInteger(input.amount) || input.amount === 0) throw new Error(`bad ledger amount ${input.amount}`);
  const locked = await db.execute<{ charged_budget: string }>(
    sql`SELECT charged_budget FROM users WHERE id = ${input.userId} FOR UPDATE`,
  );
  const current = locked.rows[0];
  if (!current) throw new Error(`no user ${input.userId} for a ledger entry`);
  const existing = await db.execute<Record<string, unknown>>(
    sql`SELECT * FROM financial_transactions WHERE idempotency_key = ${input.idempotencyKey}`,
  );
  if (existing.rows[0]) return { entry: toEntry(existing.rows[0]), created: false };
  const balanceAfter = Number(current.charged_budget) + input.amount;
  if (balanceAfter < 0) throw new AppError('INSUFFICIENT_BALANCE', INSUFFICIENT_BALANCE_TEXT);
  await db.execute(sql`UPDATE users SET charged_budget = ${balanceAfter} WHERE id = ${input.userId}`);
  const inserted = await db.execute<Record<string, unknown>>(sql`
    INSERT INTO financial_transactions (user_id, amount, transaction_type, source, description,
      external_identifier, idempotency_key, balance_after, created_at)
    VALUES (${input.userId}, ${input.amount}, ${input.amount > 0 ? 'increase_credit' : 'decrease_credit'},
      ${input.source}, ${input.description}, ${input.externalIdentifier ?? null}, ${input.idempotencyKey},
      ${balanceAfter}, ${now.toISOString()}::timestamptz)
    RETURNING *`);
  return { entry: toEntry(inserted.rows[0] as Record<string, unknown>), created: true };
}

/** A user's movements, newest first. */
export async function listLedgerEntries(
  db: Database,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ count: number; entries: LedgerEntry[] }> {
  const [rows, total] = await Promise.all([
    db.execute<Record<string, unknown>>(sql`
      SELECT * FROM financial_transactions WHERE user_id = ${userId}
      ORDER BY created_at DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset}`),
    db.execute<{ count: string }>(sql`SELECT count(*) AS count FROM financial_transactions WHERE user_id = ${userId}`),
  ]);
  return { count: Number(total.rows[0]?.count ?? 0), entries: rows.rows.map(toEntry) };
}
