import { type LookupAddress, lookup } from 'node:dns';
import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { assertAllowedAddress, TargetRefusedError } from '@paydar/checks/target-guard';
import { type AlertService, AlertServiceError, transportError, withTimeout } from './alert-clients.errors';

/*
 * POSTs to a URL a user gave (webhooks, Slack, Discord, Mattermost) go out through node:http rather
 * than fetch: the SSRF guard has to see the very address the socket connects to. fetch resolves the
 * name again after any check we could make before it, so a name that answers public first and
 * 127.0.0.1 second (DNS rebinding) would get through; a `lookup` hook on the request is the
 * resolution the connection uses. node:http also never follows redirects, which we must not do
 * (a 302 to an internal address is the same hole).
 */

/** How much of an answer's body is kept: enough for a service's error text, never a whole page. */
export const ANSWER_BODY_LIMIT = 4096;

export interface GuardedAnswer {
  status: number;
  /** The first ANSWER_BODY_LIMIT bytes of the body, as UTF-8. */
  body: string;
  /** The Retry-After header, when the answer had one. */
  retryAfter: string | undefined;
}

export interface GuardOptions {
  timeoutMs: number;
  /** Let the URL reach loopback and private addresses (tests, self-hosted installs), as ALLOW_PRIVATE_TARGETS does for monitors. */
  allowPrivateTargets: boolean;
}

export function refusedTarget(service: AlertService, reason: string, cause?: unknown): AlertServiceError {
  return new AlertServiceError({ service, kind: 'refused-target', reason, retryable: false, cause });
}

/** The URL, when it is http(s) and not an IP literal we must not reach; a refused-target error otherwise. */
export function allowedTarget(service: AlertService, url: string, allowPrivateTargets: boolean): URL {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw refusedTarget(service, 'not a valid URL');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw refusedTarget(service, 'only http and https URLs are allowed');
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  // An IP literal never goes through lookup, so it is judged here.
  if (isIP(host)) {
    try {
      assertAllowedAddress(host, allowPrivateTargets);
    } catch (error) {
      throw refusedTarget(service, (error as Error).message, error);
    }
  }
  return target;
}

/** A dns lookup that refuses every non-public answer, so the guard sees what the socket connects to. */
function guardedLookup(allowPrivateTargets: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(
      hostname,
      { all: true, verbatim: true, family: options.family ?? 0 },
      (error, addresses: LookupAddress[]) => {
        if (error) return callback(error, '', 0);
        try {
          for (const entry of addresses) assertAllowedAddress(entry.address, allowPrivateTargets);
        } catch (refused) {
          return callback(refused as NodeJS.ErrnoException, '', 0);
        }
        const first = addresses[0];
        if (options.all) return callback(null, addresses);
        if (!first)
          return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        callback(null, first.address, first.family);
      },
    );
  };
}

/** One POST on a fresh connection to an allowed target; throws AlertServiceError when no answer came. */
export async function guardedPost(
  service: AlertService,
  target: URL,
  headers: Record<string, string>,
  body: string,
  options: GuardOptions,
): Promise<GuardedAnswer> {
  const timer = withTimeout(options.timeoutMs);
  try {
    return await post(target, headers, body, guardedLookup(options.allowPrivateTargets), timer.signal);
  } catch (error) {
    if (error instanceof TargetRefusedError) throw refusedTarget(service, error.message, error);
    throw transportError(service, error, timer.timedOut());
  }
}

function post(
  target: URL,
  headers: Record<string, string>,
  body: string,
  lookupHook: LookupFunction,
  signal: AbortSignal,
): Promise<GuardedAnswer> {
  return new Promise((resolve, reject) => {
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req: ClientRequest = send(target, { method: 'POST', headers, lookup: lookupHook, signal, agent: false });
    req.on('error', reject);
    req.on('response', (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let kept = 0;
      res.on('data', (chunk: Buffer) => {
        // The rest is read and dropped: a huge answer costs no memory.
        if (kept >= ANSWER_BODY_LIMIT) return;
        const part = chunk.subarray(0, ANSWER_BODY_LIMIT - kept);
        chunks.push(part);
        kept += part.length;
      });
      res.on('error', reject);
      res.on('end', () => {
        const retryAfter = res.headers['retry-after'];
        resolve({
          status,
          body: Buffer.concat(chunks).toString('utf8'),
          retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
        });
      });
      res.on('close', () => {
        if (!res.complete) reject(Object.assign(new Error('connection closed mid-answer'), { code: 'ECONNRESET' }));
      });
    });
    req.end(body);
  });
}
