import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type RequestListener } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type Server } from 'node:net';
import type { CheckSpec } from '@paydar/contracts/agent';

/** Local targets for the check tests: everything listens on 127.0.0.1 and closes after the test. */

export interface Listening {
  port: number;
  close: () => Promise<void>;
}

export function listen(server: Server): Promise<Listening> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        port,
        close: () =>
          new Promise<void>((done) => {
            (server as { closeAllConnections?: () => void }).closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

export const startHttpServer = (handler: RequestListener) => listen(createHttpServer(handler));

const fixture = (name: string) => readFileSync(new URL(`../test-fixtures/${name}`, import.meta.url));

/**
 * An HTTPS server with a certificate from test-fixtures (CN=localhost, SAN localhost and
 * 127.0.0.1): "self-signed" valid until 2126, "expired" self-signed and valid only on 2020-01-01.
 * Made once with `openssl req -x509` and `openssl ca -selfsign -startdate … -enddate …`.
 * "control-chars" has a BEL and an escape sequence in its subject and issuer names (CN, O), made
 * with `openssl req -x509 -config` from a file holding those bytes.
 */
export async function startHttpsServer(cert: 'self-signed' | 'expired' | 'control-chars', handler: RequestListener) {
  const server = createHttpsServer({ key: fixture(`${cert}.key.pem`), cert: fixture(`${cert}.cert.pem`) }, handler);
  // Whether each handshake resumed an earlier session: a fresh-connection check must never.
  const resumed: boolean[] = [];
  server.on('secureConnection', (socket) => resumed.push(socket.isSessionReused()));
  return { ...(await listen(server)), resumed };
}

/** A TCP listener that accepts and closes; `accepted` counts the connections. */
export async function startTcpListener() {
  let accepted = 0;
  const server = createNetServer((socket) => {
    accepted++;
    socket.end();
  });
  const listening = await listen(server);
  return { ...listening, accepted: () => accepted };
}

/** A port that was just free and now has nobody listening: connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const { port, close } = await listen(createNetServer());
  await close();
  return port;
}

export function httpSpec(
  target: string,
  overrides: Partial<NonNullable<CheckSpec['http']>> = {},
  timeoutMs = 5000,
): CheckSpec {
  return {
    monitor_id: 1,
    protocol: 'HTTP',
    target,
    period_seconds: 60,
    timeout_ms: timeoutMs,
    http: { method: 'GET', headers: [], body: null, max_redirects: 5, ...overrides },
  };
}

export const checkOptions = { scheduledAt: new Date('2026-01-01T00:00:00Z'), allowPrivateTargets: true };
