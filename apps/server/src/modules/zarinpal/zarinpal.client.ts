import type { Config } from '../../config';

/**
 * Why a Zarinpal call failed:
 * - `rejected`: Zarinpal answered with its `errors` object (`code` is its negative code);
 * - `timeout`, `network`: no answer in time, or no connection: the outcome is unknown;
 * - `bad-response`: an answer outside the protocol (a proxy's HTML page, broken JSON).
 */
export type ZarinpalErrorKind = 'rejected' | 'timeout' | 'network' | 'bad-response';

export class ZarinpalError extends Error {
  override name = 'ZarinpalError';

  constructor(
    readonly kind: ZarinpalErrorKind,
    /** Zarinpal's own code (-9, -50, -51…) when it answered with one. */
    readonly code: number | undefined,
    readonly reason: string,
  ) {
    super(`zarinpal: ${reason}`);
  }
}

/** Codes of verify.json that settle a payment as paid: 100 verified now, 101 verified before. */
export const ZARINPAL_PAID_CODES = new Set([100, 101]);

/**
 * Verify answers that say for certain the payment will never be paid at this amount: -50 the
 * amount differs from what was paid, -51 not paid (cancelled or failed), -53 not this merchant's,
 * -54 no such authority, -55 no such transaction. Anything else (-9 our request, -10/-11 the
 * merchant, -12 too many tries, -52 Zarinpal's own trouble) may change: verify again later.
 */
const FINAL_VERIFY_CODES = new Set([-50, -51, -53, -54, -55]);

export function isFinalVerifyFailure(error: unknown): boolean {
  return error instanceof ZarinpalError && error.code !== undefined && FINAL_VERIFY_CODES.has(error.code);
}

export interface ZarinpalPaymentRequest {
  /** Tomans, sent with `currency: "IRT"`. */
  amount: number;
  callbackUrl: string;
  description: string;
  email?: string;
  orderId?: string;
}

export interface ZarinpalVerification {
  /** 100 verified by this call, 101 verified before. */
  code: number;
  refId: string;
  cardPan: string | null;
}

/** The one place that talks to Zarinpal's v4 gateway. */
export interface ZarinpalClient {
  /** request.json: opens a payment and returns its authority. */
  requestPayment(request: ZarinpalPaymentRequest): Promise<{ authority: string }>;
  /** verify.json with the amount we asked for; throws ZarinpalError unless the payment is paid. */
  verifyPayment(authority: string, amount: number): Promise<ZarinpalVerification>;
  /** Where the browser pays: `{base}/pg/StartPay/{authority}`. */
  startPayUrl(authority: string): string;
}

export interface ZarinpalClientOptions {
  baseUrl: string;
  merchantId: string;
  timeoutMs?: number;
}

interface ZarinpalAnswer {
  data?: { code?: unknown; authority?: unknown; ref_id?: unknown; card_pan?: unknown } | unknown[];
  errors?: { code?: unknown; message?: unknown } | unknown[];
}

export function createZarinpalClient(options: ZarinpalClientOptions): ZarinpalClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call(path: string, body: object): Promise<Record<string, unknown>> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: timeout,
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      const code = (error as { cause?: { code?: unknown } })?.cause?.code;
      // The merchant id is in the body, never in the URL: the reason is safe to log.
      if (timeout.aborted) throw new ZarinpalError('timeout', undefined, 'no answer in time');
      throw new ZarinpalError(
        'network',
        undefined,
        `could not reach Zarinpal${typeof code === 'string' ? ` (${code})` : ''}`,
      );
    }
    let parsed: ZarinpalAnswer | undefined;
    try {
      parsed = JSON.parse(text) as ZarinpalAnswer;
    } catch {
      parsed = undefined;
    }
    // Zarinpal answers an error as `errors: {code, message}` (with `data: []`), whatever the HTTP status.
    const errors = parsed?.errors;
    if (errors && !Array.isArray(errors) && typeof errors.code === 'number') {
      const message = typeof errors.message === 'string' && errors.message ? errors.message : 'refused';
      throw new ZarinpalError('rejected', errors.code, `${message} (${errors.code})`);
    }
    const data = parsed?.data;
    if (!data || Array.isArray(data) || typeof data.code !== 'number') {
      throw new ZarinpalError('bad-response', undefined, `unexpected answer (HTTP ${response.status})`);
    }
    return data as Record<string, unknown>;
  }

  return {
    async requestPayment(request) {
      const data = await call('/pg/v4/payment/request.json', {
        merchant_id: options.merchantId,
        amount: request.amount,
        currency: 'IRT',
        callback_url: request.callbackUrl,
        description: request.description,
        metadata: {
          ...(request.email ? { email: request.email } : {}),
          ...(request.orderId ? { order_id: request.orderId } : {}),
        },
      });
      if (data.code !== 100 || typeof data.authority !== 'string' || !data.authority) {
        throw new ZarinpalError('bad-response', Number(data.code), `request answered code ${String(data.code)}`);
      }
      return { authority: data.authority };
    },
    async verifyPayment(authority, amount) {
      const data = await call('/pg/v4/payment/verify.json', {
        merchant_id: options.merchantId,
        amount,
        authority,
      });
      const code = data.code as number;
      if (!ZARINPAL_PAID_CODES.has(code)) throw new ZarinpalError('rejected', code, `verify answered code ${code}`);
      if ((typeof data.ref_id !== 'number' && typeof data.ref_id !== 'string') || data.ref_id === '') {
        throw new ZarinpalError('bad-response', code, 'verify answered without a ref_id');
      }
      return {
        code,
        refId: String(data.ref_id),
        cardPan: typeof data.card_pan === 'string' ? data.card_pan : null,
      };
    },
    startPayUrl: (authority) => `${base}/pg/StartPay/${encodeURIComponent(authority)}`,
  };
}

/** The client for this deployment, or undefined when no merchant id is configured (card payments off). */
export function zarinpalClientFrom(config: Config): ZarinpalClient | undefined {
  return config.ZARINPAL_MERCHANT_ID
    ? createZarinpalClient({ baseUrl: config.ZARINPAL_BASE_URL, merchantId: config.ZARINPAL_MERCHANT_ID })
    : undefined;
}
