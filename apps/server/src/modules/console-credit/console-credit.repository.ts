import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { financialTransactions, users } from '../../db/schema/index';

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
