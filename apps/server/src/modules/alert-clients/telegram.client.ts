import { AlertServiceError, transportError, withTimeout } from './alert-clients.errors';

/** The parts of a Telegram update the bot reads (allowed_updates is ['message']). */
export interface TelegramUpdate {
  update_id: number;
  message?: {
    message_id: number;
    date: number;
    chat: { id: number; type: string; username?: string };
    from?: { id: number; is_bot?: boolean; username?: string; first_name?: string };
    text?: string;
  };
}

/**
 * The one place that talks to the Telegram Bot API — and to Bale's, which follows it
 * (`https://tapi.bale.ai/bot<token>/sendMessage`): one client, another base URL and bot.
 */
export interface TelegramClient {
  /** Sends a plain-text message; resolves with Telegram's message_id. */
  sendMessage(chatId: number | string, text: string): Promise<number>;
  /**
   * Long-polls for updates from `offset` on (which also confirms every earlier one). Aborting
   * `signal` (shutdown) rejects with the signal's reason, not with an AlertServiceError.
   */
  getUpdates(offset: number, timeoutSeconds: number, signal?: AbortSignal): Promise<TelegramUpdate[]>;
}

export interface TelegramClientOptions {
  /** Which messenger this client speaks to; errors and reasons name it. Default `telegram`. */
  service?: 'telegram' | 'bale';
  baseUrl: string;
  botToken: string;
  /** Limit for one sendMessage; getUpdates gets its long-poll time on top of it. */
  timeoutMs?: number;
}

interface TelegramAnswer {
  ok?: unknown;
  result?: unknown;
  error_code?: unknown;
  description?: unknown;
  parameters?: { retry_after?: unknown };
}

function errorFromAnswer(service: 'telegram' | 'bale', answer: TelegramAnswer, httpStatus: number): AlertServiceError {
  const code = typeof answer.error_code === 'number' ? answer.error_code : httpStatus;
  const description = typeof answer.description === 'string' && answer.description ? answer.description : 'refused';
  const reason = `${description} (${code})`;
  if (code === 429) {
    const after = answer.parameters?.retry_after;
    return new AlertServiceError({
      service,
      kind: 'rate-limited',
      reason,
      retryable: true,
      status: code,
      ...(typeof after === 'number' && after >= 0 ? { retryAfterSeconds: after } : {}),
    });
  }
  // 403: the user blocked the bot, deleted the account, or the bot left the chat — final.
  if (code === 403) return new AlertServiceError({ service, kind: 'blocked', reason, retryable: false, status: code });
  // 409: another getUpdates (another replica) or a webhook is set; the next poll may win.
  const retryable = code >= 500 || code === 409;
  return new AlertServiceError({ service, kind: 'rejected', reason, retryable, status: code });
}

export function createTelegramClient(options: TelegramClientOptions): TelegramClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const service = options.service ?? 'telegram';

  async function call(method: string, params: object, limitMs: number, signal?: AbortSignal): Promise<unknown> {
    // The token is part of the path: this URL must never reach a log or an error message.
    const url = `${base}/bot${options.botToken}/${method}`;
    const timer = withTimeout(limitMs, signal);
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal: timer.signal,
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw transportError(service, error, timer.timedOut());
    }
    let answer: TelegramAnswer | undefined;
    try {
      answer = JSON.parse(text);
    } catch {
      answer = undefined;
    }
    if (answer?.ok === true) return answer.result;
    if (answer && answer.ok === false) throw errorFromAnswer(service, answer, response.status);
    throw new AlertServiceError({
      service,
      kind: 'bad-response',
      reason: `unexpected answer (HTTP ${response.status})`,
      retryable: response.status >= 500 || response.status === 429,
      status: response.status,
    });
  }

  return {
    async sendMessage(chatId, text) {
      const result = (await call('sendMessage', { chat_id: chatId, text }, timeoutMs)) as { message_id?: unknown };
      return typeof result?.message_id === 'number' ? result.message_id : 0;
    },
    async getUpdates(offset, timeoutSeconds, signal) {
      const params = { offset, timeout: timeoutSeconds, allowed_updates: ['message'] };
      const result = await call('getUpdates', params, timeoutSeconds * 1000 + timeoutMs, signal);
      return Array.isArray(result) ? (result as TelegramUpdate[]) : [];
    },
  };
}
