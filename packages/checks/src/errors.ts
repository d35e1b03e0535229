import type { FailureClass } from '@paydar/contracts/agent';

/**
 * Short human error texts for check results. A check never throws to its caller: whatever goes
 * wrong becomes one of these strings in `CheckResult.error`.
 */

/** A failure whose message is already the short human text to report. */
export class CheckError extends Error {
  override name = 'CheckError';
}

/** A failure of the prober itself, not of the target: its message is the short human text to report. */
export class ProberFault extends CheckError {
  override name = 'ProberFault';
}

/**
 * Codes that say the prober's own machine is short of something (file descriptors, buffers, local
 * ports): the target was never really asked, so the failure is not the target's.
 */
const PROBER_CODES = new Set(['EMFILE', 'ENFILE', 'ENOBUFS', 'ENOMEM', 'EADDRNOTAVAIL']);

/**
 * Whose failure `err` is. Conservative: what is not clearly the prober's own counts against the
 * target, so a prober trouble can at worst raise a false alarm but never hide an outage. EAI_AGAIN
 * stays the target's: a recursive resolver answers it for a domain whose servers do not answer too.
 */
export function failureClass(err: unknown): FailureClass {
  if (err instanceof ProberFault) return 'prober';
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && PROBER_CODES.has(code) ? 'prober' : 'target';
}

/** "30 s", "1.5 s", "0.25 s". */
export function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

const BY_CODE: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
  ECONNABORTED: 'connection aborted',
  EHOSTUNREACH: 'no route to host',
  EHOSTDOWN: 'host is down',
  ENETUNREACH: 'network unreachable',
  ENETDOWN: 'network is down',
  EADDRNOTAVAIL: 'address not available',
  EAFNOSUPPORT: 'address family not supported',
  ETIMEDOUT: 'connection timed out',
  ENOTFOUND: 'NXDOMAIN',
  ENODATA: 'no address for this name',
  EAI_AGAIN: 'DNS lookup failed (temporary failure)',
  ESERVFAIL: 'SERVFAIL',
  EREFUSED: 'REFUSED',
  // TLS verification (OpenSSL codes as Node reports them in authorizationError).
  CERT_HAS_EXPIRED: 'certificate expired',
  CERT_NOT_YET_VALID: 'certificate not yet valid',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed certificate in chain',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'certificate issuer unknown',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'certificate issuer unknown',
  UNABLE_TO_GET_ISSUER_CERT: 'certificate issuer unknown',
  CERT_REVOKED: 'certificate revoked',
  CERT_UNTRUSTED: 'certificate not trusted',
  CERT_SIGNATURE_FAILURE: 'certificate signature invalid',
  ERR_TLS_CERT_ALTNAME_INVALID: 'certificate has wrong host',
  HOSTNAME_MISMATCH: 'certificate has wrong host',
  ERR_SSL_WRONG_VERSION_NUMBER: 'TLS handshake failed (not a TLS server?)',
  ERR_INVALID_HTTP_TOKEN: 'invalid header name',
  ERR_INVALID_CHAR: 'invalid character in a header',
  ERR_UNESCAPED_CHARACTERS: 'invalid character in the URL',
};

/** Maps a Node, OpenSSL or libuv error (or its code) to the short text a user sees. */
export function describeError(err: unknown): string {
  if (err instanceof CheckError) return err.message;
  // Node's http client reports a server that closes without answering as ECONNRESET "socket hang up".
  if (err instanceof Error && err.message === 'socket hang up') return 'connection closed before the response';
  const code = typeof err === 'string' ? err : (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    const known = BY_CODE[code];
    if (known) return known;
    if (code.startsWith('HPE_')) return 'invalid HTTP response';
    if (code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_')) return 'TLS handshake failed';
  }
  if (err instanceof Error && typeof code === 'string') return `${code}: ${err.message}`;
  if (err instanceof Error) return err.message;
  return String(err);
}
