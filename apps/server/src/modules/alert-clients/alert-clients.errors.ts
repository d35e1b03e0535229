/** The outside services an alert can go through. */
export type AlertService = 'mail' | 'kavenegar' | 'telegram' | 'bale' | 'webhook' | 'slack' | 'discord' | 'mattermost';

/**
 * Why a call failed, as the delivery job needs it:
 * - `rejected`: the service answered and refused (bad receptor, 4xx, Kavenegar status ≠ 200…);
 * - `rate-limited`: slow down; `retryAfterSeconds` says how long when the service told us;
 * - `blocked`: the recipient blocked the bot or is gone (Telegram 403);
 * - `refused-target`: a webhook URL that is not allowed (private address, bad scheme);
 * - `timeout`, `network`: no answer in time, or no connection at all;
 * - `bad-response`: an answer that is not the protocol (HTML from a proxy, broken JSON).
 */
export type AlertErrorKind =
  | 'rejected'
  | 'rate-limited'
  | 'blocked'
  | 'refused-target'
  | 'timeout'
  | 'network'
  | 'bad-response';

/**
 * The one error the alert clients throw. `reason` is short, readable and free of secrets, so it
 * can become a notification's public_message; `retryable` says whether trying again may help.
 */
export class AlertServiceError extends Error {
  override name = 'AlertServiceError';
  readonly service: AlertService;
  readonly kind: AlertErrorKind;
  readonly reason: string;
  readonly retryable: boolean;
  /** The service's own status: Kavenegar's return.status, Telegram's error_code, the webhook's HTTP status. */
  readonly status: number | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(options: {
    service: AlertService;
    kind: AlertErrorKind;
    reason: string;
    retryable: boolean;
    status?: number;
    retryAfterSeconds?: number;
    cause?: unknown;
  }) {
    super(`${options.service}: ${options.reason}`, options.cause === undefined ? undefined : { cause: options.cause });
    this.service = options.service;
    this.kind = options.kind;
    this.reason = options.reason;
    this.retryable = options.retryable;
    this.status = options.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/**
 * Turns a failed fetch/request into a timeout or network error. The cause keeps only its name and
 * code: an undici error can carry the request URL, and Kavenegar and Telegram put secrets in it.
 */
export function transportError(service: AlertService, error: unknown, timedOut: boolean): AlertServiceError {
  const cause = safeCause(error);
  if (timedOut)
    return new AlertServiceError({ service, kind: 'timeout', reason: 'no answer in time', retryable: true, cause });
  const code = cause.code ? ` (${cause.code})` : '';
  return new AlertServiceError({
    service,
    kind: 'network',
    reason: `could not reach the service${code}`,
    retryable: true,
    cause,
  });
}

function safeCause(error: unknown): { name: string; code?: string } {
  const outer = error as { name?: unknown; code?: unknown; cause?: { code?: unknown } } | null;
  const code =
    typeof outer?.cause?.code === 'string'
      ? outer.cause.code
      : typeof outer?.code === 'string'
        ? outer.code
        : undefined;
  return { name: typeof outer?.name === 'string' ? outer.name : 'Error', ...(code ? { code } : {}) };
}

/** Combines the client's own timeout with an optional caller signal (shutdown). */
export function withTimeout(timeoutMs: number, signal?: AbortSignal): { signal: AbortSignal; timedOut: () => boolean } {
  const timeout = AbortSignal.timeout(timeoutMs);
  return {
    signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
    timedOut: () => timeout.aborted && !signal?.aborted,
  };
}
