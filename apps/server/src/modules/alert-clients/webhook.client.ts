import { createHmac, timingSafeEqual } from 'node:crypto';
import { type LookupAddress, lookup } from 'node:dns';
import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { assertAllowedAddress, TargetRefusedError } from '@paydar/checks/target-guard';
import { AlertServiceError, transportError, withTimeout } from './alert-clients.errors';

/*
 * Webhooks go out through node:http rather than fetch: the SSRF guard has to see the very address
 * the socket connects to. fetch resolves the name again after any check we could make before it,
 * so a name that answers public first and 127.0.0.1 second (DNS rebinding) would get through; a
 * `lookup` hook on the request is the resolution the connection uses. node:http also never follows
 * redirects, which we must not do (a 302 to an internal address is the same hole).
 */

export const WEBHOOK_USER_AGENT = 'Paydar-Webhook/1';
export const WEBHOOK_SIGNATURE_HEADER = 'X-Paydar-Signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'X-Paydar-Timestamp';

/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`, the value of X-Paydar-Signature. */
export function signWebhook(body: string, timestamp: number | string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * What a receiver does with a delivery: recompute the signature over the raw body and the
 * timestamp header, compare in constant time, and refuse timestamps too far from its clock
 * (replays). `body` must be the bytes received, before any JSON parsing.
 */
export function verifyWebhookSignature(
  body: string | Buffer,
  timestamp: string | number,
  signature: string,
  secret: string,
  options: { toleranceSeconds?: number; nowSeconds?: number } = {},
): boolean {
  const seconds = Number(timestamp);
  if (!Number.isInteger(seconds)) return false;
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - seconds) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signWebhook(Buffer.isBuffer(body) ? body.toString('utf8') : body, seconds, secret));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface WebhookDelivery {
  status: number;
  durationMs: number;
}

/** The one place that POSTs to users' webhook URLs. */
export interface WebhookClient {
  /** POSTs the payload as signed JSON; resolves on a 2xx, throws AlertServiceError otherwise. */
  deliverWebhook(url: string, payload: unknown, secret: string): Promise<WebhookDelivery>;
}

export interface WebhookClientOptions {
  timeoutMs: number;
  /** Let webhooks reach loopback and private addresses (tests, self-hosted installs), as ALLOW_PRIVATE_TARGETS does for monitors. */
  allowPrivateTargets: boolean;
  /** Seconds since the epoch; for tests. */
  nowSeconds?: () => number;
}

/** A dns lookup that refuses every non-public answer, so the guard sees what the socket connects to. */
function guardedLookup(allowPrivateTargets: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(
      hostname,
      { all: true, verbatim: true, family: options.family ?? 0 },
      (error, addresses: LookupAddress[]) => {
        if (error) return callback(error, '', 0);
        try {
          for (const entry of addresses) assertAllowedAddress(entry.address, allowPrivateTargets);
        } catch (refused) {
          return callback(refused as NodeJS.ErrnoException, '', 0);
        }
        const first = addresses[0];
        if (options.all) return callback(null, addresses);
        if (!first)
          return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        callback(null, first.address, first.family);
      },
    );
  };
}

function refused(reason: string, cause?: unknown): AlertServiceError {
  return new AlertServiceError({ service: 'webhook', kind: 'refused-target', reason, retryable: false, cause });
}

function isRetryableHttpStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

export function createWebhookClient(options: WebhookClientOptions): WebhookClient {
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));

  return {
    async deliverWebhook(url, payload, secret) {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        throw refused('not a valid URL');
      }
      if (target.protocol !== 'http:' && target.protocol !== 'https:')
        throw refused('only http and https URLs are allowed');
      const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
      // An IP literal never goes through lookup, so it is judged here.
      if (isIP(host)) {
        try {
          assertAllowedAddress(host, options.allowPrivateTargets);
        } catch (error) {
          throw refused((error as Error).message, error);
        }
      }
      const body = JSON.stringify(payload);
      const timestamp = nowSeconds();
      const headers = {
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
        'User-Agent': WEBHOOK_USER_AGENT,
        [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(body, timestamp, secret),
      };
      const timer = withTimeout(options.timeoutMs);
      const started = performance.now();
      let status: number;
      try {
        status = await post(target, headers, body, guardedLookup(options.allowPrivateTargets), timer.signal);
      } catch (error) {
        if (error instanceof TargetRefusedError) throw refused(error.message, error);
        throw transportError('webhook', error, timer.timedOut());
      }
      const durationMs = Math.round(performance.now() - started);
      if (status >= 200 && status < 300) return { status, durationMs };
      const redirect = status >= 300 && status < 400;
      throw new AlertServiceError({
        service: 'webhook',
        kind: 'rejected',
        reason: redirect ? `answered ${status}; redirects are not followed` : `answered HTTP ${status}`,
        retryable: isRetryableHttpStatus(status),
        status,
      });
    },
  };
}

/** One POST on a fresh connection; resolves with the status once the (discarded) body has ended. */
function post(
  target: URL,
  headers: Record<string, string>,
  body: string,
  lookupHook: LookupFunction,
  signal: AbortSignal,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req: ClientRequest = send(target, { method: 'POST', headers, lookup: lookupHook, signal, agent: false });
    req.on('error', reject);
    req.on('response', (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      res.on('error', reject);
      res.on('end', () => resolve(status));
      res.on('close', () => {
        if (!res.complete) reject(Object.assign(new Error('connection closed mid-answer'), { code: 'ECONNRESET' }));
      });
      res.resume();
    });
    req.end(body);
  });
}
