import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client';

const healthBody = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) });

/** For load balancers: 200 only while the database answers. */
export function healthRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/healthz',
      { schema: { hide: true, response: { 200: healthBody, 503: healthBody } } },
      async (_request, reply) => {
        try {
          await db.execute(sql`SELECT 1`);
          return { status: 'ok' as const, database: 'up' as const };
        } catch {
          return reply.status(503).send({ status: 'unavailable', database: 'down' });
        }
      },
    );
  };
}
