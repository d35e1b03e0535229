import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';

/**
 * The public share pages of the web app (spec §1: `/symlink/{token}`, `/custom_symlink/{org}/{token}`,
 * routes of apps/web/src/app/router.tsx). They are made for embedding, so any site may frame them;
 * every other response may be framed by nobody.
 */
const SHARE_PAGE_PATHS = [/^\/symlink\/[^/]+\/?$/, /^\/custom_symlink\/[^/]+\/[^/]+\/?$/];

/** Whether the response to this URL (path and query) may be shown inside another site's frame. */
export function mayBeFramed(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return SHARE_PAGE_PATHS.some((pattern) => pattern.test(path));
}

const originOf = (url: string | undefined) => (url ? new URL(url).origin : undefined);

/**
 * One Content-Security-Policy for everything the server answers: the web app, the API's JSON and
 * the API docs (Swagger UI loads its scripts and styles from /api/docs/static, so it fits too).
 * - Scripts only from this origin, none inline, no eval: an injected script cannot run.
 * - Styles also `'unsafe-inline'`: index.html's boot spinner is an inline <style>, and Mantine and
 *   echarts set `style` attributes at run time. That is the usual price; style injection cannot run code.
 * - Calls to this origin, the API base (PUBLIC_URL, when the dashboard is served elsewhere) and the
 *   analytics collector (ANALYTICS_ENDPOINT, the browser's beacons), nowhere else.
 * - Images from here and data: URLs (Mantine's icons, Swagger UI's); fonts likewise.
 * - frame-ancestors: see mayBeFramed.
 */
function contentSecurityPolicy(config: Config) {
  const connect = new Set(["'self'", originOf(config.PUBLIC_URL), originOf(config.ANALYTICS_ENDPOINT)]);
  connect.delete(undefined);
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: [...connect] as string[],
      objectSrc: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: [(request: IncomingMessage) => (mayBeFramed(request.url ?? '') ? '*' : "'none'")],
      ...(isHttps(config) ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

const isHttps = (config: Config) => new URL(config.PUBLIC_URL).protocol === 'https:';

/**
 * The browser-side protections on every response (helmet's headers, configured for Paydar):
 * the CSP above, `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer` (share links,
 * reset and impersonation links and the payment result carry tokens in their URLs: no other site
 * may learn them from a Referer), `X-Frame-Options: DENY` except on the share pages (for browsers
 * older than frame-ancestors), and HSTS only when PUBLIC_URL is https (over http it means nothing,
 * and would lock a plain-http install out of itself once it moved).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const setHeaders = helmet({
    contentSecurityPolicy: contentSecurityPolicy(config),
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: isHttps(config) ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // Set below per response: helmet's is one value for all.
    xFrameOptions: false,
    // Only our own pages load our files; the share pages framed elsewhere load them as our own origin.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  // Helmet's headers depend on the URL only through mayBeFramed, so they are made twice, here, not on
  // each request: made per request they were a tenth of a status page's 304 (its CSP is rebuilt and
  // every directive checked again each time).
  const framed = headersOf(setHeaders, '/symlink/x');
  const unframed = { ...headersOf(setHeaders, '/'), 'x-frame-options': 'DENY' };
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(mayBeFramed(request.url) ? framed : unframed);
    done();
  });
}

type HelmetMiddleware = ReturnType<typeof helmet>;

/** The headers helmet sets on a response to `url`, read from a stand-in response. */
function headersOf(middleware: HelmetMiddleware, url: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  middleware({ url } as IncomingMessage, response as unknown as ServerResponse, () => {
    done = true;
  });
  // helmet 8 finishes synchronously; were a later version to defer, every response would lack its headers.
  if (!done) throw new Error('helmet did not set its headers synchronously');
  return headers;
}
