import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { IN_PROCESS_WAIT_MS } from '../loaded-machine';
import { listenLoopback, readBody, sendJson, sleep, Waiters } from './http-fake';

/** A payment as the fake gateway keeps it. */
export interface FakeZarinpalPayment {
  authority: string;
  merchantId: string;
  /** What request.json asked for. */
  amount: number;
  currency: string;
  callbackUrl: string;
  description: string;
  metadata: Record<string, unknown>;
  /** waiting for the payer → paid (Pay) or cancelled (Cancel) → verified (by verify.json). */
  state: 'waiting' | 'paid' | 'cancelled' | 'verified';
  /** What the payer actually paid; verify with another amount answers -50. */
  paidAmount: number;
  refId: number | null;
}

/** One request.json or verify.json body, as received. */
export interface FakeZarinpalCall {
  path: 'request' | 'verify';
  body: Record<string, unknown>;
}

export interface FakeZarinpalError {
  code: number;
  message: string;
}

export interface FakeZarinpal {
  url: string;
  merchantId: string;
  /** Every request.json and verify.json call in order, refused ones included. */
  calls: FakeZarinpalCall[];
  payments: Map<string, FakeZarinpalPayment>;
  /** The payer presses Pay: returns the callback URL the browser is sent to (`Status=OK`). */
  pay(authority: string): string;
  /** The payer presses Cancel: returns the callback URL with `Status=NOK`. */
  cancel(authority: string): string;
  /** The payer paid another amount than was asked (a tampered session): verify answers -50. */
  setPaidAmount(authority: string, amount: number): void;
  /** The payment was verified at Zarinpal but its answer never reached us: verify answers 101. */
  verifyAtGateway(authority: string): void;
  /** Answer the next `count` verify.json calls with this error, whatever the payment's state. */
  failNextVerify(count: number, error: FakeZarinpalError): void;
  /** Answer the next `count` request.json calls with this error. */
  failNextRequest(count: number, error: FakeZarinpalError): void;
  /** Hold every JSON answer this long (to exercise client timeouts). */
  setDelay(ms: number): void;
  waitForCall(find: (call: FakeZarinpalCall) => boolean, timeoutMs?: number): Promise<FakeZarinpalCall>;
  stop(): Promise<void>;
}

export const ZARINPAL_ERRORS = {
  validation: { code: -9, message: 'The input params invalid, validation error.' },
  terminal: { code: -10, message: 'Terminal is not valid, please check merchant_id or ip address.' },
  amountMismatch: { code: -50, message: 'Session is not valid, amounts values is not the same.' },
  notPaid: { code: -51, message: 'Session is not valid, session is not active paid try.' },
  unexpected: { code: -52, message: 'Oops!!, please contact our support team' },
  badAuthority: { code: -54, message: 'Invalid authority.' },
} satisfies Record<string, FakeZarinpalError>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function sendHtml(res: ServerResponse, status: number, body: string): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Zarinpal (fake)</title></head><body>${body}</body></html>`,
  );
}

/**
 * Zarinpal v4 on loopback: `POST /pg/v4/payment/request.json` and `verify.json` (JSON bodies,
 * answers `{data: {code, …}, errors: []}` or `{data: [], errors: {code, message}}`), and the
 * payer's page `GET /pg/StartPay/{authority}` with Pay and Cancel buttons that send the browser to
 * the payment's callback_url with `?Authority=…&Status=OK|NOK`. Verify keeps Zarinpal's rules:
 * not paid → -51, another amount than paid → -50, unknown authority → -54, paid → 100 with a
 * ref_id, verified already → 101 with the same ref_id. `merchantId` set: other merchants get -10.
 */
export async function startFakeZarinpal(options: { merchantId?: string; port?: number } = {}): Promise<FakeZarinpal> {
  const merchantId = options.merchantId ?? '00000000-0000-0000-0000-000000000000';
  const calls: FakeZarinpalCall[] = [];
  const payments = new Map<string, FakeZarinpalPayment>();
  const waiters = new Waiters();
  let failVerify: { count: number; error: FakeZarinpalError } | undefined;
  let failRequest: { count: number; error: FakeZarinpalError } | undefined;
  let delayMs = 0;
  let serial = 0;
  let nextRefId = 201_000;

  const error = (res: ServerResponse, failure: FakeZarinpalError) =>
    sendJson(res, 200, { data: [], errors: { code: failure.code, message: failure.message, validations: [] } });

  const paymentOf = (authority: string): FakeZarinpalPayment => {
    const payment = payments.get(authority);
    if (!payment) throw new Error(`the fake Zarinpal has no payment ${authority}`);
    return payment;
  };

  const callbackOf = (payment: FakeZarinpalPayment, status: 'OK' | 'NOK') => {
    const target = new URL(payment.callbackUrl);
    target.searchParams.set('Authority', payment.authority);
    target.searchParams.set('Status', status);
    return target.toString();
  };

  const payOrCancel = (authority: string, action: 'pay' | 'cancel'): string => {
    const payment = paymentOf(authority);
    if (payment.state !== 'waiting') throw new Error(`payment ${authority} is ${payment.state}, not waiting`);
    payment.state = action === 'pay' ? 'paid' : 'cancelled';
    return callbackOf(payment, action === 'pay' ? 'OK' : 'NOK');
  };

  function handleRequest(res: ServerResponse, body: Record<string, unknown>) {
    if (failRequest && failRequest.count > 0) {
      failRequest.count -= 1;
      return error(res, failRequest.error);
    }
    if (body.merchant_id !== merchantId) return error(res, ZARINPAL_ERRORS.terminal);
    const amount = body.amount;
    const currency = body.currency ?? 'IRR';
    if (
      typeof amount !== 'number' ||
      !Number.isInteger(amount) ||
      amount < (currency === 'IRT' ? 100 : 1000) ||
      (currency !== 'IRT' && currency !== 'IRR') ||
      typeof body.callback_url !== 'string' ||
      !/^https?:\/\//.test(body.callback_url) ||
      typeof body.description !== 'string' ||
      !body.description
    ) {
      return error(res, ZARINPAL_ERRORS.validation);
    }
    serial += 1;
    const authority = `A${String(serial).padStart(10, '0')}${randomBytes(16).toString('hex').slice(0, 25)}`;
    payments.set(authority, {
      authority,
      merchantId,
      amount,
      currency: String(currency),
      callbackUrl: body.callback_url,
      description: body.description,
      metadata: (body.metadata as Record<string, unknown> | undefined) ?? {},
      state: 'waiting',
      paidAmount: amount,
      refId: null,
    });
    sendJson(res, 200, {
      data: { code: 100, message: 'Success', authority, fee_type: 'Merchant', fee: 0 },
      errors: [],
    });
  }

  function handleVerify(res: ServerResponse, body: Record<string, unknown>) {
    if (failVerify && failVerify.count > 0) {
      failVerify.count -= 1;
      return error(res, failVerify.error);
    }
    if (body.merchant_id !== merchantId) return error(res, ZARINPAL_ERRORS.terminal);
    if (typeof body.authority !== 'string' || typeof body.amount !== 'number') {
      return error(res, ZARINPAL_ERRORS.validation);
    }
    const payment = payments.get(body.authority);
    if (!payment) return error(res, ZARINPAL_ERRORS.badAuthority);
    if (payment.state === 'waiting' || payment.state === 'cancelled') return error(res, ZARINPAL_ERRORS.notPaid);
    if (body.amount !== payment.paidAmount) return error(res, ZARINPAL_ERRORS.amountMismatch);
    const again = payment.state === 'verified';
    payment.state = 'verified';
    payment.refId ??= nextRefId++;
    sendJson(res, 200, {
      data: {
        code: again ? 101 : 100,
        message: again ? 'Verified' : 'Paid',
        card_hash: '1EBE3EBEBE35C7EC0F8D6EE4F2F859107A87822CA179BC9528767EA7B5489B69',
        card_pan: '502229******5995',
        ref_id: payment.refId,
        fee_type: 'Merchant',
        fee: 0,
      },
      errors: [],
    });
  }

  function startPayPage(res: ServerResponse, authority: string) {
    const payment = payments.get(authority);
    if (!payment) return sendHtml(res, 404, '<h1>Invalid authority</h1>');
    if (payment.state !== 'waiting') return sendHtml(res, 410, '<h1>This payment session is over.</h1>');
    const action = (what: string) => `/pg/StartPay/${encodeURIComponent(authority)}/${what}`;
    sendHtml(
      res,
      200,
      `<h1>Zarinpal test gateway</h1>
<p>${escapeHtml(payment.description)}</p>
<p>Amount: <strong data-testid="amount">${payment.amount.toLocaleString('en-US')}</strong> ${payment.currency === 'IRT' ? 'Tomans' : 'Rials'}</p>
<form method="post" action="${action('pay')}"><button type="submit">Pay</button></form>
<form method="post" action="${action('cancel')}"><button type="submit">Cancel</button></form>`,
    );
  }

  const listening = await listenLoopback((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = await readBody(req);
      const startPay = /^\/pg\/StartPay\/([^/]+)(?:\/(pay|cancel))?$/.exec(url.pathname);
      if (startPay) {
        const authority = decodeURIComponent(startPay[1] ?? '');
        const action = startPay[2] as 'pay' | 'cancel' | undefined;
        if (!action && req.method === 'GET') return startPayPage(res, authority);
        if (action && req.method === 'POST') {
          const payment = payments.get(authority);
          if (payment?.state !== 'waiting') return sendHtml(res, 409, '<h1>This payment session is over.</h1>');
          res.writeHead(302, { location: payOrCancel(authority, action) });
          return res.end();
        }
        return sendHtml(res, 405, '<h1>Method not allowed</h1>');
      }
      const api = /^\/pg\/v4\/payment\/(request|verify)\.json$/.exec(url.pathname);
      if (!api || req.method !== 'POST')
        return sendJson(res, 404, { data: [], errors: { code: -404, message: 'Not found' } });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return error(res, ZARINPAL_ERRORS.validation);
      }
      const call: FakeZarinpalCall = { path: api[1] as 'request' | 'verify', body };
      calls.push(call);
      waiters.notify();
      if (delayMs > 0) await sleep(delayMs);
      if (call.path === 'request') handleRequest(res, body);
      else handleVerify(res, body);
    })().catch(() => res.destroy());
  }, options.port);

  return {
    url: listening.url,
    merchantId,
    calls,
    payments,
    pay: (authority) => payOrCancel(authority, 'pay'),
    cancel: (authority) => payOrCancel(authority, 'cancel'),
    setPaidAmount(authority, amount) {
      paymentOf(authority).paidAmount = amount;
    },
    verifyAtGateway(authority) {
      const payment = paymentOf(authority);
      if (payment.state === 'waiting') payment.state = 'paid';
      payment.state = 'verified';
      payment.refId ??= nextRefId++;
    },
    failNextVerify(count, failure) {
      failVerify = { count, error: failure };
    },
    failNextRequest(count, failure) {
      failRequest = { count, error: failure };
    },
    setDelay(ms) {
      delayMs = ms;
    },
    waitForCall(find, timeoutMs = IN_PROCESS_WAIT_MS) {
      return waiters.until(() => calls.find(find), 'a matching Zarinpal call', timeoutMs);
    },
    stop: listening.stop,
  };
}
