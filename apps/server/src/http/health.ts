import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client';
import { databaseAnswers } from '../db/database-health';

const healthBody = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) });

/** For load balancers: 200 while the database answers, 503 only while it does not. */
export function healthRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/healthz',
      {
        schema: {
          summary: 'Health: the server and its database',
          hide: true,
          response: { 200: healthBody, 503: healthBody },
        },
      },
      async (_request, reply) => {
        if (await databaseAnswers(db)) return { status: 'ok' as const, database: 'up' as const };
        return reply.status(503).send({ status: 'unavailable', database: 'down' });
      },
    );
  };
}
