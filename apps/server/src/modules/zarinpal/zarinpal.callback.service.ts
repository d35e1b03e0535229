import type { ServiceContext } from '../../context';
import type { ZarinpalClient } from './zarinpal.client';
import { findPaymentByAuthority, type ZarinpalPaymentRow } from './zarinpal.repository';
import type { CallbackQuery } from './zarinpal.schema';
import { failPayment, verifyAndSettle } from './zarinpal.settlement.service';

export const RESULT_PATH = '/zarinpal_transaction_result';

/** The web's result page, with only the fields that exist (spec §2 Payment result, §4). */
function resultUrl(context: ServiceContext, status: 'OK' | 'NOK', payment?: ZarinpalPaymentRow): string {
  const fields = new URLSearchParams({ status });
  if (payment) {
    if (status === 'OK' && payment.refId) fields.set('code', payment.refId);
    fields.set('amount', String(payment.amount));
    fields.set('goal', payment.goal);
    if (payment.planName) fields.set('plan_name', payment.planName);
    if (payment.period) fields.set('period', payment.period);
    // The page looks the payment up by it and shows what we recorded; the fields above are only hints.
    if (payment.authority) fields.set('authority', payment.authority);
  }
  return `${context.config.DASHBOARD_URL}${RESULT_PATH}?${fields}`;
}

/**
 * `GET /api/v1/users/zarinpal/callback?Authority=…&Status=OK|NOK`: where Zarinpal sends the
 * payer's browser. It carries no session, so nothing in it is trusted but the authority: the
 * payment (and so the wallet credited and the amount verified) is the one we recorded for it.
 * Verify runs only for Status=OK; a replay of a settled payment shows its result again without
 * asking Zarinpal. Returns where to send the browser.
 */
export async function handleZarinpalCallback(
  context: ServiceContext,
  client: ZarinpalClient | undefined,
  query: CallbackQuery,
): Promise<string> {
  const authority = query.Authority?.trim();
  const payment = authority ? await findPaymentByAuthority(context.db, authority) : undefined;
  if (!payment?.authority) return resultUrl(context, 'NOK');
  if (payment.state === 'paid') return resultUrl(context, 'OK', payment);
  if (payment.state === 'failed') return resultUrl(context, 'NOK', payment);
  if (query.Status !== 'OK') {
    const settled = await failPayment(context, payment.id, 'cancelled at Zarinpal');
    return resultUrl(context, settled.state === 'paid' ? 'OK' : 'NOK', settled);
  }
  // Without a merchant id nothing can be verified: the payment waits for the configuration and the job.
  if (!client) return resultUrl(context, 'NOK', payment);
  const settlement = await verifyAndSettle(context, client, { ...payment, authority: payment.authority });
  // 'unknown' (no answer from verify) shows as failed now; the job credits it later if it was paid.
  return resultUrl(context, settlement.outcome === 'paid' ? 'OK' : 'NOK', settlement.payment);
}
