import { z } from 'zod';
import { emailField } from './accounts';
import { SUBSCRIPTION_PERIODS } from './plans';

/** Wallet, payments and plan purchase (spec §3 Financial transaction, §5 Charge amount, §7, §9). */

/** Charge amount limits in Tomans (spec §5, §9). */
export const CHARGE_MIN_TOMANS = 1_000;
export const CHARGE_MAX_TOMANS = 5_000_000;
export const CHARGE_STEP_TOMANS = 1_000;
export const CHARGE_DEFAULT_TOMANS = 50_000;
/** Quick-picks when the Silver and Gold prices are unknown (spec §9). */
export const CHARGE_FALLBACK_PICKS = [89_000, 890_000] as const;
/** A yearly period costs this many months (spec §9). */
export const YEARLY_MULTIPLIER = 12;

/** Spec §3: the user field is omitted; a negative amount is a decrease. */
export const financialTransaction = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  transaction_type: z.enum(['increase_credit', 'decrease_credit']),
  description: z.string(),
  external_identifier: z.string().nullable(),
  creation_time: z.string(),
});
export type FinancialTransaction = z.infer<typeof financialTransaction>;

export const chargeAmountField = z
  .number({ message: 'Enter the amount in Tomans.' })
  .int({ message: 'Enter a whole number of Tomans.' })
  .min(CHARGE_MIN_TOMANS, {
    message: `The amount must be at least ${CHARGE_MIN_TOMANS.toLocaleString('en-US')} Tomans.`,
  })
  .max(CHARGE_MAX_TOMANS, {
    message: `The amount must be at most ${CHARGE_MAX_TOMANS.toLocaleString('en-US')} Tomans.`,
  });

export const PAYMENT_GOALS = ['charge', 'buy_plan'] as const;

/** POST /api/v1/users/zarinpal/request?goal=…[&plan_name=…&period=…] */
export const zarinpalRequestQuery = z
  .strictObject({
    goal: z.enum(PAYMENT_GOALS),
    plan_name: z.string().trim().min(1).max(100).optional(),
    period: z.enum(SUBSCRIPTION_PERIODS).optional(),
  })
  // The result page buys the plan with both: one without the other could never be bought.
  .superRefine((query, context) => {
    if (query.plan_name !== undefined && query.period === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['period'],
        message: 'Send the period (Monthly or Yearly) with the plan.',
      });
    }
    if (query.period !== undefined && query.plan_name === undefined) {
      context.addIssue({ code: 'custom', path: ['plan_name'], message: 'Send the plan_name the period is for.' });
    }
  });
export const zarinpalRequestBody = z.strictObject({ amount: chargeAmountField });
export const zarinpalRequestResponse = z.object({ redirect_url: z.string() });

/**
 * GET /api/v1/users/zarinpal/payments/{authority}: one of the caller's card payments as the server
 * recorded it. The result page shows this, never its own URL's status or amount. `pending`: not
 * settled yet (the payer has not come back, or verify went unanswered and the job will ask again).
 */
export const zarinpalPaymentResponse = z.object({
  authority: z.string(),
  state: z.enum(['pending', 'paid', 'failed']),
  /** Zarinpal's ref_id, once paid. */
  code: z.string().nullable(),
  /** Tomans. */
  amount: z.number().int(),
  goal: z.enum(PAYMENT_GOALS),
  plan_name: z.string().nullable(),
  period: z.enum(SUBSCRIPTION_PERIODS).nullable(),
});
export type ZarinpalPayment = z.infer<typeof zarinpalPaymentResponse>;

/** POST /api/v1/users/add_credit: move credit from the hosting console account. */
export const addCreditBody = z.strictObject({
  user_email: emailField,
  amount: chargeAmountField,
  description: z.string().trim().max(300).default(''),
});
export const addCreditResponse = z.object({
  success: z.literal(true),
  amount: z.number().int(),
  balance: z.number().int(),
});

/** GET /api/v1/users/check_organization */
export const checkOrganizationResponse = z.object({ has_organization: z.boolean() });

/** POST /api/v2/users/subscriptions/buy */
export const buyPlanBody = z.strictObject({
  plan_name: z.string().trim().min(1).max(100),
  period: z.enum(SUBSCRIPTION_PERIODS),
});
