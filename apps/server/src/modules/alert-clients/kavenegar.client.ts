import { AlertServiceError, transportError, withTimeout } from './alert-clients.errors';

/** One message in a Kavenegar answer (sms/send, verify/lookup, call/maketts). */
export interface KavenegarEntry {
  messageid: number;
  message?: string;
  status?: number;
  statustext?: string;
  sender?: string;
  receptor?: string;
  date?: number;
  cost?: number;
}

/** The one place that talks to Kavenegar: SMS, verification codes and text-to-speech calls. */
export interface KavenegarClient {
  sendSms(receptor: string, message: string): Promise<KavenegarEntry[]>;
  /** Sends a verification code through a template defined in the Kavenegar panel. */
  verifyLookup(receptor: string, token: string, template: string): Promise<KavenegarEntry[]>;
  /** A voice call that reads the message out. */
  callTts(receptor: string, message: string): Promise<KavenegarEntry[]>;
}

export interface KavenegarClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Sender line; unset uses the account's default line. */
  sender?: string | undefined;
  timeoutMs?: number;
}

// Statuses where the same request may succeed later: 402 "operation failed", 409 "server cannot
// answer now", 429/451 "too many calls". Everything else (411 bad receptor, 403 bad key, 418 no
// credit, 424 unknown template…) repeats until someone changes something.
const RETRYABLE_STATUSES = new Set([402, 409, 429, 451]);

export function isRetryableKavenegarStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status) || (status >= 500 && status !== 501);
}

export function createKavenegarClient(options: KavenegarClientOptions): KavenegarClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call(method: string, params: Record<string, string | undefined>): Promise<KavenegarEntry[]> {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) if (value !== undefined) body.set(name, value);
    // The key is part of the path: this URL must never reach a log or an error message.
    const url = `${base}/v1/${encodeURIComponent(options.apiKey)}/${method}.json`;
    const timer = withTimeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, { method: 'POST', body, signal: timer.signal, redirect: 'error' });
      text = await response.text();
    } catch (error) {
      throw transportError('kavenegar', error, timer.timedOut());
    }
    let parsed: { return?: { status?: unknown; message?: unknown }; entries?: unknown } | undefined;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const status = typeof parsed?.return?.status === 'number' ? parsed.return.status : undefined;
    if (status === undefined) {
      throw new AlertServiceError({
        service: 'kavenegar',
        kind: 'bad-response',
        reason: `unexpected answer (HTTP ${response.status})`,
        retryable: response.status >= 500 || response.status === 429,
        status: response.status,
      });
    }
    if (status !== 200) {
      const message =
        typeof parsed?.return?.message === 'string' && parsed.return.message ? parsed.return.message : 'refused';
      const retryable = isRetryableKavenegarStatus(status);
      throw new AlertServiceError({
        service: 'kavenegar',
        kind: status === 429 || status === 451 ? 'rate-limited' : 'rejected',
        reason: `${message} (${status})`,
        retryable,
        status,
      });
    }
    return Array.isArray(parsed?.entries) ? (parsed.entries as KavenegarEntry[]) : [];
  }

  return {
    sendSms: (receptor, message) => call('sms/send', { receptor, message, sender: options.sender }),
    verifyLookup: (receptor, token, template) => call('verify/lookup', { receptor, token, template }),
    callTts: (receptor, message) => call('call/maketts', { receptor, message }),
  };
}
