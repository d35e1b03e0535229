import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { describeResponses, withShapeResponses } from '../openapi/route-responses';
import { authOfHook, type RouteAuth } from './authentication';

/** The two ways to sign a call, as OpenAPI security schemes (Swagger UI's Authorize offers both). */
export const securitySchemes = {
  session: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: 'The browser’s session key from login: enter `Token <key>`.',
  },
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A personal API token (`pdr_…`, made on the Account page): enter the token alone; it is sent as `Authorization: Bearer <token>`.',
  },
} as const;

const securityOf: Record<RouteAuth, Array<Record<string, string[]>>> = {
  'session-or-token': [{ session: [] }, { apiToken: [] }],
  session: [{ session: [] }],
};

/** What the route's onRequest hooks accept, or null for a public route. */
function routeAuthOf(route: RouteOptions): RouteAuth | null {
  const hooks = [route.onRequest ?? []].flat();
  for (const hook of hooks) {
    const auth = authOfHook(hook);
    if (auth) return auth;
  }
  return null;
}

/**
 * The OpenAPI document is generated from the routes' zod schemas; the UI is at /api/docs. Each
 * operation's `security` is read from the hook that guards it (requireCaller or requireSession),
 * so the document cannot drift from what the server accepts; public operations declare none.
 */
export async function registerApiDocs(app: FastifyInstance, productName: string): Promise<void> {
  // Before @fastify/swagger's own onRoute hook: it keeps the route options it sees.
  app.addHook('onRoute', (route) => {
    const auth = routeAuthOf(route);
    if (auth && route.schema) route.schema = { ...route.schema, security: securityOf[auth] } as typeof route.schema;
    withShapeResponses(route, auth);
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${productName} API`,
        version: '1.0.0',
        description: [
          'Two ways to sign a call: the browser’s session key, `Authorization: Token <key>`, or a personal API token',
          'made on the Account page, `Authorization: Bearer pdr_…`. A `read` token may make GET and HEAD calls; a',
          '`read_write` token every call except those marked for a session only (API tokens, account, password and',
          'email changes, sign-out, impersonation, payments, the live stream), which answer it 403.',
        ].join(' '),
      },
      components: { securitySchemes },
    },
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      const schema = output.schema as { response?: Record<string, unknown> };
      return { ...output, schema: { ...schema, response: describeResponses(schema.response) } as typeof output.schema };
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
