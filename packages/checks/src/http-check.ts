import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { CheckSpec } from '@paydar/contracts/agent';
import { HTTP_ASSERTION_LIMITS } from '@paydar/contracts/http-assertions';
import { isFramingHeader } from '@paydar/contracts/http-headers';
import { METHODS_WITH_BODY, type MonitorHttpMethod } from '@paydar/contracts/monitors-options';
import { connectTcp, resolveHost, startTls } from './connect';
import { CheckError } from './errors';
import { assertHttpResponse, needsBody } from './http-assertions';
import { addPhase, type CheckContext, now, onAbort, type Probe, type ProtocolCheck, since } from './probe';

/** The most of a body read; the check stops there (duration ends at the end of the body or this cap). */
export const BODY_READ_LIMIT_BYTES = 64 * 1024;
/** The most read, and kept, when a keyword or JSON assertion reads the body (HTTP_ASSERTION_LIMITS.bodyBytes). */
export const ASSERTED_BODY_LIMIT_BYTES = HTTP_ASSERTION_LIMITS.bodyBytes;
const DEFAULT_HTTP: NonNullable<CheckSpec['http']> = { method: 'GET', headers: [], body: null, max_redirects: 5 };
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'Paydar-Monitor/1.0';

interface Hop {
  url: URL;
  method: MonitorHttpMethod;
  headers: OutgoingHttpHeaders;
  body: string | null;
}

interface HopResponse {
  status: number;
  statusText: string;
  location: string | undefined;
  bodyBytes: number;
  headers: IncomingHttpHeaders;
  /** Kept only when an assertion reads it. */
  body: Buffer | null;
}

function parseTarget(target: string): URL {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(target) ? target : `http://${target}`);
  } catch {
    throw new CheckError('invalid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CheckError(`unsupported URL scheme ${url.protocol}`);
  return url;
}

/**
 * The monitor's headers over our defaults. Framing and connection headers are dropped: the API
 * refuses them at save, but a monitor saved before that rule may still hold one, and the check
 * frames its own requests (its Content-Length, one fresh connection closed after the answer).
 */
function headersOf(list: ReadonlyArray<{ key: string; value: string }>): OutgoingHttpHeaders {
  const headers: Record<string, string> = { 'user-agent': USER_AGENT, accept: '*/*' };
  const seen = new Set<string>();
  for (const { key, value } of list) {
    const name = key.trim().toLowerCase();
    if (!name || isFramingHeader(name)) continue;
    headers[name] = seen.has(name) ? `${headers[name]}, ${value}` : value;
    seen.add(name);
  }
  return headers;
}

/**
 * One request on one fresh connection: resolve → connect → TLS → request → first byte → body.
 * The connection is ours (createConnection, no agent), so nothing is pooled, kept alive or resumed.
 */
async function exchange(hop: Hop, ctx: CheckContext, probe: Probe, keepBody: boolean): Promise<HopResponse> {
  const { url } = hop;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  const addresses = await resolveHost(host, ctx, probe);
  let socket: Socket = await connectTcp(addresses, port, ctx, probe);
  if (url.protocol === 'https:') {
    try {
      socket = await startTls(socket, host, ctx, probe);
    } catch (err) {
      socket.destroy();
      throw err;
    }
  }
  const connected = socket;

  return new Promise<HopResponse>((resolve, reject) => {
    let req: ReturnType<typeof httpRequest>;
    try {
      req = httpRequest({
        method: hop.method,
        path: `${url.pathname}${url.search}`,
        headers: { host: url.host, ...hop.headers },
        createConnection: () => connected,
      });
    } catch (err) {
      // A header name or value Node refuses to send.
      connected.destroy();
      reject(err);
      return;
    }
    let writtenAt = now();
    let firstByteSeen = false;
    const finish = (err: unknown, value?: HopResponse) => {
      off();
      req.destroy();
      connected.destroy();
      if (err) reject(err);
      else if (value) resolve(value);
    };
    const off = onAbort(ctx.signal, () => finish(ctx.signal.reason));
    req.on('finish', () => {
      writtenAt = now();
    });
    // Prepended: http's own listener parses the chunk and emits 'response' before later listeners run.
    req.on('socket', (s) =>
      s.prependOnceListener('data', () => {
        firstByteSeen = true;
        addPhase(probe, 'response', since(writtenAt));
      }),
    );
    req.on('error', (err) => finish(err));
    req.on('response', (res) => {
      if (!firstByteSeen) addPhase(probe, 'response', since(writtenAt));
      let bodyBytes = 0;
      const chunks: Buffer[] = [];
      const readLimit = keepBody ? ASSERTED_BODY_LIMIT_BYTES : BODY_READ_LIMIT_BYTES;
      const done = () =>
        finish(null, {
          status: res.statusCode ?? 0,
          statusText: res.statusMessage || STATUS_CODES[res.statusCode ?? 0] || '',
          location: res.headers.location,
          bodyBytes,
          headers: res.headers,
          body: keepBody ? Buffer.concat(chunks).subarray(0, readLimit) : null,
        });
      res.on('data', (chunk: Buffer) => {
        bodyBytes += chunk.length;
        if (keepBody) chunks.push(chunk);
        if (bodyBytes >= readLimit) done();
      });
      res.on('end', done);
      res.on('error', (err) => finish(err));
    });
    req.end(hop.body ?? undefined);
  });
}

/** The hop after a redirect: browsers' method rules, and credentials dropped when the origin changes. */
function nextHop(hop: Hop, status: number, location: URL): Hop {
  const toGet =
    (status === 303 && hop.method !== 'HEAD') || ((status === 301 || status === 302) && hop.method === 'POST');
  const headers = { ...hop.headers };
  if (toGet) {
    delete headers['content-type'];
    delete headers['content-length'];
  }
  if (location.origin !== hop.url.origin) {
    delete headers.authorization;
    delete headers.cookie;
    delete headers.host;
  }
  return { url: location, method: toGet ? 'GET' : hop.method, headers, body: toGet ? null : hop.body };
}

/**
 * HTTP(S). Success is a final response whose status is accepted (default: < 400) and that holds
 * the monitor's assertions (http-assertions.ts). Redirects are followed up to max_redirects (0: not
 * followed, the 3xx is the result); each hop is a new connection guarded like the first. Phases
 * are summed over the hops; extra_info lists the redirects.
 */
export const runHttpCheck: ProtocolCheck<CheckSpec> = async (spec, ctx, probe) => {
  const options = spec.http ?? DEFAULT_HTTP;
  let hop: Hop = {
    url: parseTarget(spec.target),
    method: options.method,
    headers: headersOf(options.headers),
    body: METHODS_WITH_BODY.includes(options.method) ? options.body : null,
  };
  const keepBody = needsBody(options);
  const redirects: Array<{ url: string; status: number; location: string }> = [];
  probe.extra.redirects = redirects;
  for (;;) {
    probe.extra.url = hop.url.href;
    const response = await exchange(hop, ctx, probe, keepBody);
    // Node's parser takes any three digits; outside HTTP's range the code means nothing.
    if (response.status < 100 || response.status > 599) throw new CheckError(`invalid HTTP status ${response.status}`);
    probe.statusCode = response.status;
    probe.extra.body_bytes = response.bodyBytes;
    if (REDIRECT_STATUSES.has(response.status) && response.location && options.max_redirects > 0) {
      if (redirects.length >= options.max_redirects) {
        throw new CheckError(`too many redirects (more than ${options.max_redirects})`);
      }
      let location: URL;
      try {
        location = new URL(response.location, hop.url);
      } catch {
        throw new CheckError('redirect to an invalid URL');
      }
      if (location.protocol !== 'http:' && location.protocol !== 'https:') {
        throw new CheckError(`redirect to unsupported URL scheme ${location.protocol}`);
      }
      redirects.push({ url: hop.url.href, status: response.status, location: location.href });
      hop = nextHop(hop, response.status, location);
      continue;
    }
    assertHttpResponse(options, response);
    return;
  }
};
