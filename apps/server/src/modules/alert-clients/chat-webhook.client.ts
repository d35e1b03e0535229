import { CHAT_WEBHOOK_NAMES, type ChatWebhookType } from '@paydar/contracts/alert-channels';
import { AlertServiceError } from './alert-clients.errors';
import { allowedTarget, type GuardOptions, guardedPost, refusedTarget } from './guarded-post';
import { isRetryableHttpStatus, WEBHOOK_USER_AGENT } from './webhook.client';

/** The one place that posts to Slack, Discord and Mattermost incoming webhooks. */
export interface ChatWebhookClient {
  /** POSTs the message as JSON; resolves with the HTTP status on a 2xx, throws AlertServiceError otherwise. */
  post(type: ChatWebhookType, url: string, message: unknown): Promise<{ status: number }>;
}

export interface ChatWebhookClientOptions extends GuardOptions {
  /**
   * The origins Slack's and Discord's webhooks may be on (their own, or a fake's in tests). A
   * Mattermost server is the user's own, so any public origin is allowed for it.
   */
  origins: { slack: readonly string[]; discord: readonly string[] };
}

/** The longest part of a service's answer repeated in a notification's history. */
const DETAIL_LIMIT = 200;

/** A service's error text made safe to show: one line, no control characters, bounded, never an HTML page. */
export function answerDetail(text: string): string | undefined {
  const line = text
    .replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!line || line.startsWith('<')) return undefined;
  const points = Array.from(line);
  return points.length > DETAIL_LIMIT ? `${points.slice(0, DETAIL_LIMIT - 1).join('')}…` : line;
}

/**
 * What a service said: Slack answers plain text (`invalid_payload`, `no_service`), Discord and
 * Mattermost JSON with a `message` (Discord adds `retry_after` in seconds on a 429).
 */
function readAnswer(body: string): { detail: string | undefined; retryAfter: number | undefined } {
  try {
    const json = JSON.parse(body) as { message?: unknown; retry_after?: unknown };
    if (json && typeof json === 'object') {
      const retryAfter = typeof json.retry_after === 'number' && json.retry_after >= 0 ? json.retry_after : undefined;
      return { detail: typeof json.message === 'string' ? answerDetail(json.message) : undefined, retryAfter };
    }
  } catch {
    // Not JSON: Slack's plain-text answers.
  }
  return { detail: answerDetail(body), retryAfter: undefined };
}

/** Retry-After in seconds (the HTTP-date form is rare from these services and read as absent). */
function retryAfterHeader(value: string | undefined): number | undefined {
  if (!value || !/^\d+(\.\d+)?$/.test(value.trim())) return undefined;
  return Number(value);
}

export function createChatWebhookClient(options: ChatWebhookClientOptions): ChatWebhookClient {
  return {
    async post(type, url, message) {
      const target = allowedTarget(type, url, options.allowPrivateTargets);
      const name = CHAT_WEBHOOK_NAMES[type];
      if (type !== 'mattermost' && !options.origins[type].includes(target.origin))
        throw refusedTarget(type, `${name} webhooks must be on ${options.origins[type].join(' or ')}`);
      const body = JSON.stringify(message);
      const headers = {
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
        'User-Agent': WEBHOOK_USER_AGENT,
      };
      const answer = await guardedPost(type, target, headers, body, options);
      const status = answer.status;
      if (status >= 200 && status < 300) return { status };
      const said = readAnswer(answer.body);
      const retryAfterSeconds = said.retryAfter ?? retryAfterHeader(answer.retryAfter);
      const redirect = status >= 300 && status < 400;
      const detail = redirect ? 'redirects are not followed' : said.detail;
      const wait = status === 429 && retryAfterSeconds !== undefined ? ` (retry after ${retryAfterSeconds} s)` : '';
      throw new AlertServiceError({
        service: type,
        kind: status === 429 ? 'rate-limited' : 'rejected',
        reason: `${name} answered HTTP ${status}${detail ? `: ${detail}` : ''}${wait}`,
        retryable: isRetryableHttpStatus(status),
        status,
        ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
      });
    },
  };
}
