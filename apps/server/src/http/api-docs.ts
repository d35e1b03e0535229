import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { derivedOperationId } from '../openapi/operation-ids';
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
  prober: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: 'A prober agent’s key (`paydar admin prober add`): `Prober <key>`. For the agent protocol only.',
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
    // A public route says so (`security: []`); a route guarded by a plugin-wide hook (the agent's) declares its own.
    if (route.schema) {
      const declared = (route.schema as { security?: unknown }).security;
      const security = auth ? securityOf[auth] : (declared ?? []);
      route.schema = { ...route.schema, security } as typeof route.schema;
    }
    withShapeResponses(route, auth);
  });
  await app.register(fastifySwagger, {
    openapi: {
      // 3.1: its schemas are JSON Schema 2020-12, so a nullable union is `anyOf […, {type: 'null'}]` (3.0's
      // `nullable` needs a `type` beside it, which a union has not), and a response validator can use them as they are.
      openapi: '3.1.0',
      // Relative: the document is served by the API it describes, whatever its address.
      servers: [{ url: '/', description: 'The server this document is served from' }],
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
      const schema = output.schema as { response?: Record<string, unknown>; operationId?: string; hide?: boolean };
      if (schema.hide) return output;
      const operationId = schema.operationId ?? derivedOperationId(input.route.method, output.url);
      const response = describeResponses(schema.response);
      return { ...output, schema: { ...schema, operationId, response } as typeof output.schema };
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
