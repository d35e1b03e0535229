import { lookup } from 'node:dns/promises';
import { isIP, Socket } from 'node:net';
import { type TLSSocket, connect as tlsConnect } from 'node:tls';
import { describeCertificate } from './certificate';
import { CheckError, describeError } from './errors';
import { addPhase, type CheckContext, now, onAbort, type Probe, raceAbort, since } from './probe';
import { assertAllowedAddress } from './target-guard';

/**
 * Resolve, guard and connect — the part HTTP, TCP, ICMP and DNS checks share. The guard runs on
 * the addresses this lookup returned, which are the ones connected to: no second lookup happens
 * between the guard and the connection, so DNS rebinding cannot slip a private address in.
 */

/** Resolves a host to all its addresses (resolve phase), refusing any non-public one unless allowed. */
export async function resolveHost(host: string, ctx: CheckContext, probe: Probe): Promise<string[]> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(bare)) {
    addresses = [bare];
  } else {
    const start = now();
    const found = await raceAbort(ctx.signal, lookup(bare, { all: true, verbatim: true }));
    addPhase(probe, 'resolve', since(start));
    addresses = found.map((a) => a.address);
    if (addresses.length === 0) throw new CheckError('no address for this name');
  }
  for (const address of addresses) assertAllowedAddress(address, ctx.allowPrivateTargets);
  probe.extra.address = addresses[0];
  return addresses;
}

function connectOnce(address: string, port: number, signal: AbortSignal): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    const off = onAbort(signal, () => {
      socket.destroy();
      reject(signal.reason);
    });
    // Stays attached after the connect: an error then belongs to whoever uses the socket, and a
    // settled promise ignores the reject.
    socket.on('error', (err) => {
      off();
      socket.destroy();
      reject(err);
    });
    socket.once('connect', () => {
      off();
      resolve(socket);
    });
    socket.connect({ host: address, port, noDelay: true });
  });
}

/**
 * Opens a fresh TCP connection to the first of `addresses` that accepts, as curl does (an IPv6
 * address without a route, a refused one); the connect phase counts all attempts together.
 */
export async function connectTcp(addresses: string[], port: number, ctx: CheckContext, probe: Probe): Promise<Socket> {
  const start = now();
  // Made only when there is nothing to throw: an error captures a stack, which every check paid for.
  let lastError: unknown;
  for (const address of addresses) {
    try {
      const socket = await connectOnce(address, port, ctx.signal);
      addPhase(probe, 'connect', since(start));
      probe.extra.address = address;
      return socket;
    } catch (err) {
      lastError = err;
      if (ctx.signal.aborted) break;
    }
  }
  throw lastError ?? new CheckError('no address to connect to');
}

/**
 * Upgrades a connected socket to TLS (tls phase), with SNI and certificate checks against `host`.
 * The handshake completes even when the certificate is bad, so the phase and the certificate's
 * dates are reported; then the check fails with the certificate problem, before any request is sent.
 */
export function startTls(socket: Socket, host: string, ctx: CheckContext, probe: Probe): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const start = now();
    const servername = isIP(host) ? undefined : host;
    // No `session` is passed and no agent caches one: every check does a full handshake.
    const tls = tlsConnect({ socket, host, servername, rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] });
    const off = onAbort(ctx.signal, () => {
      tls.destroy();
      reject(ctx.signal.reason);
    });
    tls.on('error', (err) => {
      off();
      tls.destroy();
      reject(err);
    });
    tls.once('secureConnect', () => {
      off();
      addPhase(probe, 'tls', since(start));
      probe.extra.tls = describeCertificate(tls.getPeerCertificate(), tls.getProtocol());
      if (!tls.authorized) {
        // A graceful close lets our Finished and close_notify reach the server instead of a reset.
        tls.end();
        setTimeout(() => tls.destroy(), 1000).unref();
        const code = tls.authorizationError as unknown as string | Error | null;
        reject(new CheckError(describeError(typeof code === 'string' ? code : (code ?? 'CERT_UNTRUSTED'))));
        return;
      }
      resolve(tls);
    });
  });
}
