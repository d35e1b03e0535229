import { createParser } from 'eventsource-parser';
import { getRuntimeConfig } from '@/config/runtime-config';

/**
 * One event as the stream sent it: its name and JSON data, and whether its connection resumed
 * (sent a `Last-Event-ID`) or started afresh — then what changed before it opened was not sent.
 */
export type LiveMessage = { event: string; data: unknown; resumed: boolean };

export type LiveConnectionOptions = {
  /** The stream's path, e.g. `/api/v1/live/`. */
  path: string;
  /** The session key; the shared stream has none. A key never goes into the URL. */
  token?: string | null;
  onMessage: (message: LiveMessage) => void;
  /** The server refused the key (401): the session is over; no reconnect. */
  onUnauthorized?: () => void;
  /** The stream is gone for good (404: the shared monitor was removed, or its link changed); no reconnect. */
  onGone?: () => void;
  /** Connected (true) or lost (false): what a "live" indicator would show. */
  onStatus?: (connected: boolean) => void;
  fetchImpl?: typeof fetch;
  /** How long to wait before the nth reconnect; tests pass a faster one. */
  backoff?: (attempt: number) => number;
};

/** 1 s, 2 s, 4 s … up to 30 s, each ±50 %, so a thousand tabs a restart dropped do not come back at once. */
export function liveBackoff(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.min(attempt, 5));
  return Math.round(base * (0.5 + random()));
}

/**
 * Keeps an event stream open over fetch (so the session key travels in `Authorization`, which
 * EventSource cannot send): it reconnects with back-off whenever the stream ends or fails, and
 * resumes with `Last-Event-ID`, so no change is missed across a reconnect. Returns the stop.
 */
export function openLiveConnection(options: LiveConnectionOptions): () => void {
  const fetchImpl = options.fetchImpl ?? fetch;
  const backoff = options.backoff ?? liveBackoff;
  const stopping = new AbortController();
  let lastEventId: string | undefined;
  let attempt = 0;

  async function connectOnce(): Promise<'retry' | 'stop'> {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (options.token) headers.Authorization = `Token ${options.token}`;
    const resumed = lastEventId !== undefined;
    if (resumed) headers['Last-Event-ID'] = lastEventId as string;
    const url = `${getRuntimeConfig().apiBaseUrl.replace(/\/+$/, '')}${options.path}`;
    const response = await fetchImpl(url, { headers, signal: stopping.signal, cache: 'no-store' });
    if (response.status === 401) {
      options.onUnauthorized?.();
      return 'stop';
    }
    if (response.status === 404) {
      options.onGone?.();
      return 'stop';
    }
    if (!response.ok || !response.body) return 'retry';
    attempt = 0;
    options.onStatus?.(true);
    const parser = createParser({
      onEvent(message) {
        if (message.id !== undefined) lastEventId = message.id;
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return;
        }
        options.onMessage({ event: message.event ?? 'message', data, resumed });
      },
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return 'retry';
      parser.feed(value);
    }
  }

  async function run() {
    while (!stopping.signal.aborted) {
      let outcome: 'retry' | 'stop' = 'retry';
      try {
        outcome = await connectOnce();
      } catch {
        // A network failure or the stream cut: try again.
      }
      if (stopping.signal.aborted || outcome === 'stop') return;
      options.onStatus?.(false);
      await new Promise<void>((wake) => {
        const timer = setTimeout(wake, backoff(attempt));
        stopping.signal.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            wake();
          },
          { once: true },
        );
      });
      attempt += 1;
    }
  }

  void run();
  return () => stopping.abort();
}
