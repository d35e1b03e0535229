import type { IncomingHttpHeaders } from 'node:http';
import { IN_PROCESS_WAIT_MS } from '../loaded-machine';
import { listenLoopback, readBody, sleep, Waiters } from './http-fake';

export interface ReceivedWebhook {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as received (what a signature is checked against). */
  body: string;
  /** The status the receiver answered. */
  status: number;
}

export interface FakeWebhookReceiver {
  url: string;
  requests: ReceivedWebhook[];
  /** Answer the next `count` requests with this status (and headers, e.g. a Location for a 3xx). */
  respondNext(count: number, status: number, headers?: Record<string, string>): void;
  /** Hold every answer this long (to exercise client timeouts). */
  setDelay(ms: number): void;
  waitForRequest(find?: (request: ReceivedWebhook) => boolean, timeoutMs?: number): Promise<ReceivedWebhook>;
  stop(): Promise<void>;
}

/** A webhook target on loopback: records every request and answers 204 unless told otherwise. */
export async function startFakeWebhookReceiver(options: { port?: number } = {}): Promise<FakeWebhookReceiver> {
  const requests: ReceivedWebhook[] = [];
  const waiters = new Waiters();
  let next: { count: number; status: number; headers: Record<string, string> } | undefined;
  let delayMs = 0;

  const listening = await listenLoopback((req, res) => {
    void (async () => {
      const body = await readBody(req);
      let status = 204;
      let headers: Record<string, string> = {};
      if (next && next.count > 0) {
        next.count -= 1;
        status = next.status;
        headers = next.headers;
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '/', headers: req.headers, body, status });
      waiters.notify();
      if (delayMs > 0) await sleep(delayMs);
      if (res.destroyed) return;
      res.writeHead(status, headers);
      res.end(status === 204 || status === 304 ? undefined : `status ${status}`);
    })().catch(() => res.destroy());
  }, options.port);

  return {
    url: listening.url,
    requests,
    respondNext(count, status, headers = {}) {
      next = { count, status, headers };
    },
    setDelay(ms) {
      delayMs = ms;
    },
    waitForRequest(find = () => true, timeoutMs = IN_PROCESS_WAIT_MS) {
      return waiters.until(() => requests.find(find), 'a matching webhook request', timeoutMs);
    },
    stop: listening.stop,
  };
}
