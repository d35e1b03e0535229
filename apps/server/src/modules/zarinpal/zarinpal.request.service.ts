import type { zarinpalRequestBody, zarinpalRequestQuery } from '@paydar/contracts/billing';
import type { z } from 'zod';
import type { Caller, ServiceContext } from '../../context';
import { refuseDemo } from '../../demo-guard';
import { AppError, forbidden, invalidField } from '../../errors';
import { findPlanByName } from '../plans/plans.repository';
import { type ZarinpalClient, ZarinpalError } from './zarinpal.client';
import { insertPayment, markFailed, markPending } from './zarinpal.repository';

export const CALLBACK_PATH = '/api/v1/users/zarinpal/callback';
export const PAYMENTS_OFF_TEXT = 'Card payments are not available right now.';
export const GATEWAY_FAILED_TEXT = 'The payment gateway could not start the payment. Please try again later.';

/** Each request opens a payment at Zarinpal: a user gets 20 in 10 minutes, far above any honest use. */
const requestLimit = (userId: number) => [{ key: `zarinpal-request:user:${userId}`, limit: 20, windowSeconds: 600 }];

/**
 * `POST /api/v1/users/zarinpal/request`: records the payment first (so the reconciliation job
 * knows it whatever happens next), asks Zarinpal for an authority, and returns StartPay's URL.
 * A refused or unanswered request.json ends the payment as failed: the payer never saw a page.
 */
export async function requestZarinpalPayment(
  context: ServiceContext,
  client: ZarinpalClient | undefined,
  caller: Caller,
  query: z.infer<typeof zarinpalRequestQuery>,
  body: z.infer<typeof zarinpalRequestBody>,
): Promise<{ redirect_url: string }> {
  refuseDemo(caller);
  if (!caller.isVerified) throw forbidden('Verify your email address first.');
  if (!client) throw new AppError('UNAVAILABLE', PAYMENTS_OFF_TEXT);
  if (query.plan_name !== undefined) {
    const plan = await findPlanByName(context.db, query.plan_name);
    if (!plan?.isActive) throw invalidField('plan_name', 'No such plan.');
  }
  const now = context.now();
  await context.rateLimiter.consume(requestLimit(caller.userId), now);
  const payment = await insertPayment(context.db, {
    userId: caller.userId,
    amount: body.amount,
    goal: query.goal,
    planName: query.plan_name ?? null,
    period: query.period ?? null,
    now,
  });
  const forPlan = query.plan_name ? ` for plan ${query.plan_name}${query.period ? ` (${query.period})` : ''}` : '';
  let authority: string;
  try {
    ({ authority } = await client.requestPayment({
      amount: body.amount,
      callbackUrl: `${context.config.PUBLIC_URL}${CALLBACK_PATH}`,
      description: `${context.config.PRODUCT_NAME} wallet charge${forPlan}`,
      email: caller.email,
      orderId: String(payment.id),
    }));
  } catch (error) {
    await markFailed(
      context.db,
      payment.id,
      `request: ${error instanceof ZarinpalError ? error.reason : 'failed'}`,
      now,
    );
    if (error instanceof ZarinpalError) throw new AppError('BAD_GATEWAY', GATEWAY_FAILED_TEXT);
    throw error;
  }
  await markPending(context.db, payment.id, authority);
  return { redirect_url: client.startPayUrl(authority) };
}
