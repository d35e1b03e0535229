import type { FastifyReply } from 'fastify';
import type { StreamWriter } from './live.service';

/**
 * A stream writer over @fastify/sse's reply.sse: keeps the connection open after the handler
 * returns, writes events (their data already JSON: written as is), and tells when the client left.
 * A write to a connection that just closed is dropped: the stream is on its way out of the hub.
 */
export function sseWriter(reply: FastifyReply): StreamWriter {
  const sse = reply.sse;
  sse.keepAlive();
  let closed = false;
  const callbacks: Array<() => void> = [];
  sse.onClose(() => {
    closed = true;
    for (const callback of callbacks.splice(0)) callback();
  });
  return {
    write(event, data, id) {
      if (closed || !sse.isConnected) return;
      sse.send({ event, data, id: String(id) }).catch(() => undefined);
    },
    end() {
      if (!closed) sse.close();
    },
    whenClosed(callback) {
      if (closed || !sse.isConnected) callback();
      else callbacks.push(callback);
    },
  };
}

/** Event data is serialized once per change for every stream that shows it, so the plugin passes it through. */
export const passThrough = (data: unknown) => (typeof data === 'string' ? data : JSON.stringify(data));
