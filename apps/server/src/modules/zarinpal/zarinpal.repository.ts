import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { zarinpalPayments } from '../../db/schema/index';

export type ZarinpalPaymentRow = typeof zarinpalPayments.$inferSelect;

/** States a payment can still leave; paid and failed are where it ends. */
const OPEN_STATES = ['created', 'pending'] as const;

export async function insertPayment(
  db: Database,
  input: { userId: number; amount: number; goal: string; planName: string | null; period: string | null; now: Date },
): Promise<ZarinpalPaymentRow> {
  const [row] = await db
    .insert(zarinpalPayments)
    .values({
      userId: input.userId,
      amount: input.amount,
      goal: input.goal,
      planName: input.planName,
      period: input.period,
      state: 'created',
      createdAt: input.now,
    })
    .returning();
  if (!row) throw new Error('inserting a Zarinpal payment returned nothing');
  return row;
}

/** request.json answered: the payment waits for the payer under this authority. */
export async function markPending(db: Database, id: number, authority: string): Promise<void> {
  await db
    .update(zarinpalPayments)
    .set({ state: 'pending', authority })
    .where(and(eq(zarinpalPayments.id, id), eq(zarinpalPayments.state, 'created')));
}

export async function findPaymentByAuthority(db: Database, authority: string): Promise<ZarinpalPaymentRow | undefined> {
  const [row] = await db.select().from(zarinpalPayments).where(eq(zarinpalPayments.authority, authority));
  return row;
}

/** The payment with this authority only when it is the user's: another user's reads as missing. */
export async function findUserPaymentByAuthority(
  db: Database,
  userId: number,
  authority: string,
): Promise<ZarinpalPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(zarinpalPayments)
    .where(and(eq(zarinpalPayments.authority, authority), eq(zarinpalPayments.userId, userId)));
  return row;
}

/** The payment's row, locked until the caller's transaction ends: settlements of one payment take turns. */
export async function lockPayment(db: Database, id: number): Promise<ZarinpalPaymentRow | undefined> {
  const [row] = await db.select().from(zarinpalPayments).where(eq(zarinpalPayments.id, id)).for('update');
  return row;
}

export async function markPaid(db: Database, id: number, refId: string, now: Date): Promise<void> {
  await db
    .update(zarinpalPayments)
    .set({ state: 'paid', refId, failureReason: null, settledAt: now })
    .where(eq(zarinpalPayments.id, id));
}

/** Ends a payment that is still open as failed; a paid one is never touched. */
export async function markFailed(db: Database, id: number, reason: string, now: Date): Promise<void> {
  await db
    .update(zarinpalPayments)
    .set({ state: 'failed', failureReason: reason.slice(0, 300), settledAt: now })
    .where(and(eq(zarinpalPayments.id, id), inArray(zarinpalPayments.state, [...OPEN_STATES])));
}

/** Open payments created before `before`, oldest first: what the reconciliation job looks at. */
export function listOpenPaymentsBefore(db: Database, before: Date, limit: number): Promise<ZarinpalPaymentRow[]> {
  return db
    .select()
    .from(zarinpalPayments)
    .where(and(inArray(zarinpalPayments.state, [...OPEN_STATES]), lt(zarinpalPayments.createdAt, before)))
    .orderBy(asc(zarinpalPayments.createdAt), asc(zarinpalPayments.id))
    .limit(limit);
}

/** Test and support helper: a payment by id, whatever its owner. */
export async function findPaymentById(db: Database, id: number): Promise<ZarinpalPaymentRow | undefined> {
  const [row] = await db.select().from(zarinpalPayments).where(eq(zarinpalPayments.id, id));
  return row;
}
