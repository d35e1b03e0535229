import type { ZarinpalPayment } from '@paydar/contracts/billing';
import type { Caller, ServiceContext } from '../../context';
import { notFound } from '../../errors';
import { findUserPaymentByAuthority, type ZarinpalPaymentRow } from './zarinpal.repository';

function presentPayment(payment: ZarinpalPaymentRow & { authority: string }): ZarinpalPayment {
  return {
    authority: payment.authority,
    state: payment.state === 'paid' || payment.state === 'failed' ? payment.state : 'pending',
    code: payment.state === 'paid' ? payment.refId : null,
    amount: payment.amount,
    goal: payment.goal as ZarinpalPayment['goal'],
    plan_name: payment.planName,
    period: payment.period as ZarinpalPayment['period'],
  };
}

/**
 * `GET /api/v1/users/zarinpal/payments/{authority}`: the caller's own payment as recorded, for the
 * result page, whose URL anyone can edit. Another user's authority is as unknown as a made-up one.
 */
export async function getOwnPayment(context: ServiceContext, caller: Caller, authority: string) {
  const payment = await findUserPaymentByAuthority(context.db, caller.userId, authority);
  if (!payment?.authority) throw notFound('Payment not found.');
  return presentPayment({ ...payment, authority: payment.authority });
}
