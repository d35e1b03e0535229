import type { ServerResponse } from 'node:http';
import { IN_PROCESS_WAIT_MS } from '../loaded-machine';
import { listenLoopback, readBody, sendJson, Waiters } from './http-fake';

export interface SentTelegramMessage {
  chatId: number | string;
  text: string;
}

/** An update as getUpdates returns it (only `message` updates, as the bot asks for). */
export interface FakeTelegramUpdate {
  update_id: number;
  message: {
    message_id: number;
    date: number;
    chat: { id: number; type: 'private'; username?: string };
    from: { id: number; is_bot: false; first_name: string; username?: string };
    text: string;
  };
}

export interface FakeTelegramBotApi {
  url: string;
  token: string;
  /** sendMessage calls that succeeded, in order. */
  sent: SentTelegramMessage[];
  /** Every getUpdates request's parameters (offset, timeout, allowed_updates). */
  pollRequests: Array<Record<string, unknown>>;
  /** Queues a private-chat message from a user, as if they wrote to the bot (e.g. `/start <token>`). */
  pushMessage(chatId: number, text: string, username?: string): FakeTelegramUpdate;
  /** Answer the next `count` sendMessage calls with 429 and this retry_after. */
  rateLimitNext(count: number, retryAfterSeconds: number): void;
  /** Answer sendMessage to this chat with 403 "bot was blocked by the user" (undefined unblocks). */
  block(chatId: number | string, blocked?: boolean): void;
  waitForMessage(find: (message: SentTelegramMessage) => boolean, timeoutMs?: number): Promise<SentTelegramMessage>;
  stop(): Promise<void>;
}

/**
 * The Telegram Bot API on loopback — and Bale's, which follows it (start it with a Bale bot's
 * token): POST `/bot{token}/sendMessage` and `/bot{token}/getUpdates` (JSON or form body), `{ok, result}` or `{ok:false, error_code, description, parameters}`.
 * getUpdates keeps Telegram's semantics: `offset` confirms and drops earlier updates, and with
 * `timeout` it answers as soon as an update is queued or after that many seconds with `[]`; a
 * second poll while one waits ends the first with 409, as Telegram does.
 */
export async function startFakeTelegramBotApi(
  options: { token?: string; port?: number } = {},
): Promise<FakeTelegramBotApi> {
  const token = options.token ?? '123456:fake-bot-token';
  const sent: SentTelegramMessage[] = [];
  const pollRequests: Array<Record<string, unknown>> = [];
  const sentWaiters = new Waiters();
  let updates: FakeTelegramUpdate[] = [];
  let nextUpdateId = 1;
  let nextMessageId = 1;
  let rateLimited = { count: 0, retryAfter: 0 };
  const blocked = new Set<string>();
  let pendingPoll: { res: ServerResponse; offset: number; timer: NodeJS.Timeout } | undefined;

  const pendingFrom = (offset: number) => updates.filter((update) => update.update_id >= offset);

  function answerPoll(): void {
    if (!pendingPoll) return;
    const { res, offset, timer } = pendingPoll;
    pendingPoll = undefined;
    clearTimeout(timer);
    sendJson(res, 200, { ok: true, result: pendingFrom(offset) });
  }

  const fail = (res: ServerResponse, code: number, description: string, parameters?: object) =>
    sendJson(res, code, { ok: false, error_code: code, description, ...(parameters ? { parameters } : {}) });

  const listening = await listenLoopback((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(new URL(req.url ?? '/', 'http://fake').pathname);
      if (!match) return fail(res, 404, 'Not Found');
      if (match[1] !== token) return fail(res, 401, 'Unauthorized');
      const isJson = (req.headers['content-type'] ?? '').includes('application/json');
      const params: Record<string, unknown> = raw
        ? isJson
          ? JSON.parse(raw)
          : Object.fromEntries(new URLSearchParams(raw))
        : {};

      if (match[2] === 'sendMessage') {
        const chatId = params.chat_id as number | string | undefined;
        const text = typeof params.text === 'string' ? params.text : '';
        if (chatId === undefined || chatId === '') return fail(res, 400, 'Bad Request: chat_id is empty');
        if (!text) return fail(res, 400, 'Bad Request: message text is empty');
        if (rateLimited.count > 0) {
          rateLimited.count -= 1;
          const retryAfter = rateLimited.retryAfter;
          return fail(res, 429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });
        }
        if (blocked.has(String(chatId))) return fail(res, 403, 'Forbidden: bot was blocked by the user');
        sent.push({ chatId, text });
        sentWaiters.notify();
        const messageId = nextMessageId++;
        return sendJson(res, 200, {
          ok: true,
          result: {
            message_id: messageId,
            date: Math.floor(Date.now() / 1000),
            chat: { id: Number(chatId), type: 'private' },
            text,
          },
        });
      }

      if (match[2] === 'getUpdates') {
        pollRequests.push(params);
        const offset = Number(params.offset ?? 0);
        const timeoutSeconds = Number(params.timeout ?? 0);
        if (offset > 0) updates = pendingFrom(offset);
        if (pendingPoll) {
          const old = pendingPoll;
          pendingPoll = undefined;
          clearTimeout(old.timer);
          fail(
            old.res,
            409,
            'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
          );
        }
        if (pendingFrom(offset).length > 0 || timeoutSeconds <= 0) {
          return sendJson(res, 200, { ok: true, result: pendingFrom(offset) });
        }
        const timer = setTimeout(answerPoll, timeoutSeconds * 1000);
        pendingPoll = { res, offset, timer };
        res.on('close', () => {
          if (pendingPoll?.res === res) {
            clearTimeout(pendingPoll.timer);
            pendingPoll = undefined;
          }
        });
        return;
      }

      fail(res, 404, 'Not Found: method not found');
    })().catch(() => fail(res, 400, 'Bad Request: cannot parse the request'));
  }, options.port);

  return {
    url: listening.url,
    token,
    sent,
    pollRequests,
    pushMessage(chatId, text, username) {
      const update: FakeTelegramUpdate = {
        update_id: nextUpdateId++,
        message: {
          message_id: nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: 'private', ...(username ? { username } : {}) },
          from: { id: chatId, is_bot: false, first_name: 'Test', ...(username ? { username } : {}) },
          text,
        },
      };
      updates.push(update);
      answerPoll();
      return update;
    },
    rateLimitNext(count, retryAfterSeconds) {
      rateLimited = { count, retryAfter: retryAfterSeconds };
    },
    block(chatId, isBlocked = true) {
      if (isBlocked) blocked.add(String(chatId));
      else blocked.delete(String(chatId));
    },
    waitForMessage(find, timeoutMs = IN_PROCESS_WAIT_MS) {
      return sentWaiters.until(() => sent.find(find), 'a matching Telegram message', timeoutMs);
    },
    async stop() {
      if (pendingPoll) clearTimeout(pendingPoll.timer);
      pendingPoll = undefined;
      await listening.stop();
    },
  };
}
