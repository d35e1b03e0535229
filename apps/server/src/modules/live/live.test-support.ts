import type { AddressInfo } from 'node:net';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { FastifyInstance } from 'fastify';

/** What the live API tests read a stream with: a real HTTP connection to a listening server. */

export interface ReceivedEvent {
  event: string;
  id: string | undefined;
  data: Record<string, unknown>;
}

export interface TestStream {
  status: number;
  /** Every event received so far, in order. */
  events: ReceivedEvent[];
  /** The first event from index `from` on that matches, waiting for it (or failing after `timeoutMs`). */
  next(match: (event: ReceivedEvent) => boolean, from?: number, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Makes `app` listen on a free loopback port (once) and returns its base URL. */
export async function listening(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Opens `path` as an event stream with these headers; a refusal comes back with its status and no events. */
export async function openStream(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<TestStream> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  const parser = createParser({
    onEvent(message: EventSourceMessage) {
      events.push({ event: message.event ?? 'message', id: message.id, data: JSON.parse(message.data) });
      for (const wake of waiters) wake();
    },
  });
  const ended = (async () => {
    if (!response.ok || !response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
    } catch {
      // Aborted by close().
    }
  })();

  return {
    status: response.status,
    events,
    ended,
    close: () => abort.abort(),
    next(match, from = 0, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find(match);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching event; got ${JSON.stringify(events.map((event) => event.event))}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

/** Matches a `monitor` event of monitor `id`, optionally one that satisfies `and`. */
export const monitorEvent =
  (id: number, and: (data: Record<string, unknown>) => boolean = () => true) =>
  (event: ReceivedEvent) =>
    event.event === 'monitor' && event.data.id === id && and(event.data);

export const isReady = (event: ReceivedEvent) => event.event === 'ready';
