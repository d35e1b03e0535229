import { IN_PROCESS_WAIT_MS } from '../loaded-machine';
import { listenLoopback, readBody, sendJson, sleep, Waiters } from './http-fake';

/** One call the fake received: `method` is the path after the key, e.g. `sms/send`. */
export interface KavenegarCall {
  method: string;
  apiKey: string;
  params: Record<string, string>;
}

interface Failure {
  status: number;
  message: string;
  /** Answer an HTML page instead of Kavenegar JSON, as a proxy in front of it would. */
  html?: boolean;
}

export interface FakeKavenegar {
  url: string;
  /** Every call in order, failed ones included. */
  calls: KavenegarCall[];
  /** Answer the next `count` calls with this Kavenegar status (e.g. 409 "server busy", or 502 as an HTML page). */
  failNext(count: number, failure: Failure): void;
  /** Answer every call to this receptor with this status (e.g. 411 invalid receptor) until cleared. */
  failReceptor(receptor: string, failure: Failure | undefined): void;
  /** Hold every answer this long (to exercise client timeouts). */
  setDelay(ms: number): void;
  waitForCall(find: (call: KavenegarCall) => boolean, timeoutMs?: number): Promise<KavenegarCall>;
  stop(): Promise<void>;
}

const METHODS = new Set(['sms/send', 'verify/lookup', 'call/maketts']);

/**
 * Kavenegar on loopback: the paths `/v1/{key}/sms/send.json`, `verify/lookup.json` and
 * `call/maketts.json`, GET query or POST form, answering `{return:{status,message}, entries}` with
 * the HTTP status equal to return.status, as Kavenegar does. `apiKey` set: other keys get 403.
 */
export async function startFakeKavenegar(options: { apiKey?: string; port?: number } = {}): Promise<FakeKavenegar> {
  const calls: KavenegarCall[] = [];
  const waiters = new Waiters();
  const byReceptor = new Map<string, Failure>();
  let next: { count: number; failure: Failure } | undefined;
  let delayMs = 0;
  let messageId = 1000;

  const listening = await listenLoopback((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = await readBody(req);
      const match = /^\/v1\/([^/]+)\/(.+)\.json$/.exec(url.pathname);
      const method = match?.[2] ?? '';
      if (!match || !METHODS.has(method))
        return sendJson(res, 404, { return: { status: 404, message: 'متد یافت نشد' } });
      const params = Object.fromEntries(req.method === 'POST' ? new URLSearchParams(body) : url.searchParams) as Record<
        string,
        string
      >;
      const call: KavenegarCall = { method, apiKey: decodeURIComponent(match[1] ?? ''), params };
      calls.push(call);
      waiters.notify();
      if (delayMs > 0) await sleep(delayMs);

      let failure: Failure | undefined;
      if (next && next.count > 0) {
        next.count -= 1;
        failure = next.failure;
      } else if (options.apiKey !== undefined && call.apiKey !== options.apiKey) {
        failure = { status: 403, message: 'کد شناسائی API-Key معتبر نمی‌باشد' };
      } else if (!params.receptor) {
        failure = { status: 411, message: 'دریافت کننده نامعتبر است' };
      } else {
        failure = byReceptor.get(params.receptor);
      }
      if (failure?.html) {
        if (res.destroyed) return;
        res.writeHead(failure.status, { 'content-type': 'text/html' });
        return res.end(`<html><body><h1>${failure.status} ${failure.message}</h1></body></html>`);
      }
      if (failure)
        return sendJson(res, failure.status, {
          return: { status: failure.status, message: failure.message },
          entries: null,
        });
      messageId += 1;
      sendJson(res, 200, {
        return: { status: 200, message: 'تایید شد' },
        entries: [
          {
            messageid: messageId,
            message: params.message ?? params.token ?? '',
            status: 1,
            statustext: 'در صف ارسال',
            sender: params.sender ?? '10004346',
            receptor: params.receptor,
            date: Math.floor(Date.now() / 1000),
            cost: 120,
          },
        ],
      });
    })().catch(() => res.destroy());
  }, options.port);

  return {
    url: listening.url,
    calls,
    failNext(count, failure) {
      next = { count, failure };
    },
    failReceptor(receptor, failure) {
      if (failure) byReceptor.set(receptor, failure);
      else byReceptor.delete(receptor);
    },
    setDelay(ms) {
      delayMs = ms;
    },
    waitForCall(find, timeoutMs = IN_PROCESS_WAIT_MS) {
      return waiters.until(() => calls.find(find), 'a matching Kavenegar call', timeoutMs);
    },
    stop: listening.stop,
  };
}
