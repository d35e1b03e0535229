import type { FastifyInstance } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';

/** The web app's catch-all GET (web-hosting.ts): it answers no API path, so it allows no method there. */
const CATCH_ALL = '/*';

/**
 * A request no route answers: 405 with `Allow` when its path has routes for other methods
 * (`DELETE /api/v1/users/login`), else the API's JSON 404. The routes are copied, as Fastify
 * registers them, into a router of the same kind as Fastify's (find-my-way, same options), whose
 * routes only say which methods a path has.
 */
export function registerNotFound(app: FastifyInstance): void {
  const router = FindMyWay({
    caseSensitive: app.initialConfig.caseSensitive ?? true,
    ignoreTrailingSlash: app.initialConfig.ignoreTrailingSlash ?? false,
    ignoreDuplicateSlashes: app.initialConfig.ignoreDuplicateSlashes ?? false,
    maxParamLength: app.initialConfig.maxParamLength ?? 100,
  });
  const methods = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (route.url === CATCH_ALL) return;
    for (const method of [route.method].flat()) {
      methods.add(method);
      // One URL may be registered twice for a method (another constraint, a prefix's variant): the first says enough.
      if (!router.hasRoute(method as HTTPMethod, route.url))
        router.on(method as HTTPMethod, route.url, () => undefined);
    }
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = [...methods].filter(
      (method) => method !== request.method && router.find(method as HTTPMethod, path),
    );
    if (allowed.length === 0) {
      return reply.status(404).send({ code: 'NOT_FOUND', detail: `No route for ${request.method} ${path}.` });
    }
    const allow = allowed.sort().join(', ');
    return reply
      .status(405)
      .header('allow', allow)
      .send({ code: 'METHOD_NOT_ALLOWED', detail: `${request.method} is not allowed on ${path}: it takes ${allow}.` });
  });
}
