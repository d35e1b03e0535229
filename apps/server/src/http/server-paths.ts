import type { FastifyInstance } from 'fastify';

/** Whether a request path belongs to the server's own routes rather than to the web app. */
export type ServerPathTest = (url: string) => boolean;

const firstSegment = (url: string): string => (url.split('?')[0] ?? '').split('/')[1] ?? '';

/**
 * Remembers the first path segment of every route registered from now on (`api`, `ping`,
 * `healthz`, `metrics`, `config.json`…), so the web app's fallback never answers below one of
 * them. The router falls back to the app's `/*` whenever no route matches — a path parameter past
 * its length limit included — and a mangled `/ping/{token}` must not get the app's page with a
 * 200 (issue 37): below the server's own segments, what no route answers is the API's 404.
 * Derived from the routes, so a new route is covered without a list to keep.
 */
export function trackServerPaths(app: FastifyInstance): ServerPathTest {
  const owned = new Set<string>();
  app.addHook('onRoute', (route) => {
    const first = firstSegment(route.url);
    // The fallback itself ('/*') and parameters at the root would claim every path.
    if (first && !first.includes('*') && !first.startsWith(':')) owned.add(first);
  });
  return (url) => owned.has(firstSegment(url));
}
