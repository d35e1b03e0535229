import { vi } from 'vitest';

/** A fake live stream for web tests: an SSE body the test writes events into, and everything else answered by `other`. */
export interface FakeStream {
  /** Writes one event to the open stream. */
  push(event: string, data: unknown, id?: number): void;
  /** Ends the open stream, as a server restart would. */
  end(): void;
  /** The requests made to the stream, with their headers. */
  requests: Array<Record<string, string>>;
}

export function stubLiveFetch(
  streamPath: string,
  other: (path: string) => { status?: number; body?: unknown } = () => ({
    status: 404,
    body: { detail: 'Not found.' },
  }),
  streamStatus = 200,
): FakeStream {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const requests: Array<Record<string, string>> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input)).pathname;
      if (path === streamPath) {
        requests.push({ ...(init.headers as Record<string, string>) });
        if (streamStatus !== 200) return new Response(JSON.stringify({ detail: 'no' }), { status: streamStatus });
        const body = new ReadableStream<Uint8Array>({
          start(opened) {
            controller = opened;
          },
        });
        init.signal?.addEventListener('abort', () => controller?.error(new DOMException('aborted', 'AbortError')));
        return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }
      const { status = 200, body } = other(path);
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return {
    requests,
    push(event, data, id) {
      const idLine = id === undefined ? '' : `id: ${id}\n`;
      controller?.enqueue(encoder.encode(`event: ${event}\n${idLine}data: ${JSON.stringify(data)}\n\n`));
    },
    end() {
      controller?.close();
    },
  };
}

/** A monitor's pushed state: up after a 200 unless told otherwise. */
export const liveState = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  is_enabled: true,
  is_down: false,
  confirming: false,
  last_check_at: '2026-11-26T10:00:00.000Z',
  last_status_code: 200,
  last_status: null,
  is_flapping: false,
  is_slow: false,
  downtime_from: null,
  ...overrides,
});

/** What a signed-in stream adds: the list item's fields of an HTTP monitor. */
export const liveItem = (overrides: Record<string, unknown> = {}) => ({
  protocol_type: 'HTTP' as const,
  url: 'https://shop.example.test/',
  host: null,
  alias: null,
  labels: [] as string[],
  is_protected: false,
  creation_time: '2026-11-26T09:00:00.000Z',
  edited_at: '2026-11-26T09:00:00.000Z',
  ...overrides,
});
