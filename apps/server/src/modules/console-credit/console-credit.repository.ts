import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { consoleTransfers, financialTransactions, users } from '../../db/schema/index';

export type ConsoleTransferRow = typeof consoleTransfers.$inferSelect;

/** The user's posting under this idempotency key, if there is one (filtered by the owner too). */
export async function findPostingByKey(
  db: Database,
  userId: number,
  idempotencyKey: string,
): Promise<{ amount: number } | undefined> {
  const [row] = await db
    .select({ amount: financialTransactions.amount })
    .from(financialTransactions)
    .where(and(eq(financialTransactions.userId, userId), eq(financialTransactions.idempotencyKey, idempotencyKey)));
  return row;
}

export async function readBalance(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ balance: users.chargedBudget }).from(users).where(eq(users.id, userId));
  return row?.balance ?? 0;
}

/**
 * Records that the console is about to be asked for this transfer (before it is asked), and
 * answers the record under the key: a new one, or the one an earlier attempt left (an abandoned
 * one is asked again, so it goes back to requested). The caller compares its amount.
 */
export async function recordTransferRequest(
  db: Database,
  input: { userId: number; idempotencyKey: string; amount: number; ledgerDescription: string; now: Date },
): Promise<ConsoleTransferRow> {
  await db
    .insert(consoleTransfers)
    .values({
      userId: input.userId,
      idempotencyKey: input.idempotencyKey,
      amount: input.amount,
      ledgerDescription: input.ledgerDescription,
      createdAt: input.now,
    })
    .onConflictDoNothing();
  const [row] = await db
    .update(consoleTransfers)
    .set({
      state: sql`CASE WHEN ${consoleTransfers.state} = 'abandoned' THEN 'requested' ELSE ${consoleTransfers.state} END`,
    })
    .where(and(eq(consoleTransfers.idempotencyKey, input.idempotencyKey), eq(consoleTransfers.userId, input.userId)))
    .returning();
  if (!row) throw new Error(`no console transfer record for ${input.idempotencyKey}`);
  return row;
}

export async function markTransferCredited(db: Database, id: number, transferId: string, now: Date): Promise<void> {
  await db
    .update(consoleTransfers)
    .set({ state: 'credited', transferId, failureReason: null, settledAt: now })
    .where(eq(consoleTransfers.id, id));
}

/** Ends a still-requested transfer as abandoned (a credited one is never touched). */
export async function markTransferAbandoned(db: Database, id: number, reason: string, now: Date): Promise<void> {
  await db
    .update(consoleTransfers)
    .set({ state: 'abandoned', failureReason: reason.slice(0, 300), settledAt: now })
    .where(and(eq(consoleTransfers.id, id), eq(consoleTransfers.state, 'requested')));
}

/** Transfers still requested that were asked for before `before`, oldest first. */
export function listRequestedTransfersBefore(db: Database, before: Date, limit: number): Promise<ConsoleTransferRow[]> {
  return db
    .select()
    .from(consoleTransfers)
    .where(and(eq(consoleTransfers.state, 'requested'), lt(consoleTransfers.createdAt, before)))
    .orderBy(asc(consoleTransfers.createdAt), asc(consoleTransfers.id))
    .limit(limit);
}

export async function findTransferRecord(
  db: Database,
  idempotencyKey: string,
): Promise<ConsoleTransferRow | undefined> {
  const [row] = await db.select().from(consoleTransfers).where(eq(consoleTransfers.idempotencyKey, idempotencyKey));
  return row;
}
