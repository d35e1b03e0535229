import { createHmac, timingSafeEqual } from 'node:crypto';
import { AlertServiceError } from './alert-clients.errors';
import { allowedTarget, guardedPost } from './guarded-post';

// Webhooks go out through guarded-post.ts: the SSRF guard sees the address the socket connects to.

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

/** Answers worth trying again later: the receiver's own trouble, a timeout, a rate limit. */
export function isRetryableHttpStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

export function createWebhookClient(options: WebhookClientOptions): WebhookClient {
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));

  return {
    async deliverWebhook(url, payload, secret) {
      const target = allowedTarget('webhook', url, options.allowPrivateTargets);
      const body = JSON.stringify(payload);
      const timestamp = nowSeconds();
      const headers = {
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
        'User-Agent': WEBHOOK_USER_AGENT,
        [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(body, timestamp, secret),
      };
      const started = performance.now();
      const { status } = await guardedPost('webhook', target, headers, body, options);
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
