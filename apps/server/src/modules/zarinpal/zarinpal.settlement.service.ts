import type { ServiceContext } from '../../context';
import { postLedgerEntry } from '../ledger/ledger.repository';
import { isFinalVerifyFailure, type ZarinpalClient, ZarinpalError } from './zarinpal.client';
import { lockPayment, markFailed, markPaid, type ZarinpalPaymentRow } from './zarinpal.repository';

export const ZARINPAL_LEDGER_DESCRIPTION = 'Charge via Zarinpal';

/** The ledger key of a payment: one credit per authority, however many callbacks and job runs verify it. */
export const zarinpalLedgerKey = (authority: string) => `zarinpal:${authority}`;

/**
 * Where one verification left a payment: `paid` (credited, now or before), `failed` (Zarinpal
 * said for certain it will not be paid at this amount), or `unknown` (no answer, or an answer that
 * may change): the payment stays pending for the reconciliation job.
 */
export type Settlement =
  | { outcome: 'paid' | 'failed'; payment: ZarinpalPaymentRow }
  | { outcome: 'unknown'; payment: ZarinpalPaymentRow; reason: string };

/**
 * Credits a verified payment once. The payment row is locked and the ledger key is the
 * authority, so concurrent callbacks, replays and the job credit the wallet exactly once. A
 * verified payment is credited even if something marked it failed meanwhile: verify said the money
 * is ours, and a wallet that is not credited for it is the one outcome we must never allow.
 */
async function creditPayment(context: ServiceContext, paymentId: number, refId: string): Promise<ZarinpalPaymentRow> {
  return context.runInTransaction(async ({ db }) => {
    const payment = await lockPayment(db, paymentId);
    if (!payment?.authority) throw new Error(`payment ${paymentId} has no authority to credit`);
    if (payment.state === 'paid') return payment;
    const now = context.now();
    await postLedgerEntry(
      db,
      {
        userId: payment.userId,
        amount: payment.amount,
        source: 'zarinpal',
        description: ZARINPAL_LEDGER_DESCRIPTION,
        externalIdentifier: refId,
        idempotencyKey: zarinpalLedgerKey(payment.authority),
      },
      now,
    );
    await markPaid(db, payment.id, refId, now);
    return { ...payment, state: 'paid', refId, failureReason: null, settledAt: now };
  });
}

/** Ends an open payment as failed (credits nothing); a payment settled meanwhile is left as it is. */
export async function failPayment(
  context: ServiceContext,
  paymentId: number,
  reason: string,
): Promise<ZarinpalPaymentRow> {
  return context.runInTransaction(async ({ db }) => {
    const payment = await lockPayment(db, paymentId);
    if (!payment) throw new Error(`no payment ${paymentId}`);
    if (payment.state === 'paid' || payment.state === 'failed') return payment;
    const now = context.now();
    await markFailed(db, payment.id, reason, now);
    return { ...payment, state: 'failed', failureReason: reason, settledAt: now };
  });
}

/**
 * Asks Zarinpal whether the payment was paid, with the amount from our database (never a
 * number from the callback's URL), and settles it. The HTTP call is made outside any database
 * transaction, so a slow gateway holds no lock and no pooled connection.
 */
export async function verifyAndSettle(
  context: ServiceContext,
  client: ZarinpalClient,
  payment: ZarinpalPaymentRow & { authority: string },
): Promise<Settlement> {
  let refId: string;
  try {
    refId = (await client.verifyPayment(payment.authority, payment.amount)).refId;
  } catch (error) {
    if (!(error instanceof ZarinpalError)) throw error;
    if (isFinalVerifyFailure(error)) {
      const failed = await failPayment(context, payment.id, `verify: ${error.reason}`);
      return { outcome: failed.state === 'paid' ? 'paid' : 'failed', payment: failed };
    }
    return { outcome: 'unknown', payment, reason: error.reason };
  }
  return { outcome: 'paid', payment: await creditPayment(context, payment.id, refId) };
}
