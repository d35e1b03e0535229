import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../context';
import { notAuthenticated, notFound } from '../../errors';
import { scrapeOperatorMetrics } from './operator-metrics.service';
import { httpRequestDuration, startDefaultMetrics } from './process-instruments';

export const OPERATOR_METRICS_PATH = '/metrics';
const BEARER = /^Bearer\s+(\S{1,256})$/i;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time. */
function carriesToken(request: FastifyRequest, token: string): boolean {
  const sent = BEARER.exec(request.headers.authorization ?? '')?.[1];
  return sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

/**
 * The operators' `GET /metrics` (Prometheus text format) and the request timing it reports, on the
 * root app so the timing sees every route. With no METRICS_TOKEN the route answers 404 and no
 * timing hook or process collector runs: off costs nothing.
 */
export function registerOperatorMetrics(app: FastifyInstance, context: ServiceContext): void {
  const token = context.config.METRICS_TOKEN;
  if (token) {
    startDefaultMetrics();
    app.addHook('onResponse', async (request, reply) => {
      httpRequestDuration.observe(
        {
          method: request.method,
          // The pattern, never the raw URL; requests no route matched share one series.
          route: request.routeOptions.url ?? '(no route)',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });
  }
  app.get(OPERATOR_METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!token) throw notFound();
    if (!carriesToken(request, token)) throw notAuthenticated();
    const registry = await scrapeOperatorMetrics(context);
    void reply.headers({ 'content-type': registry.contentType, 'cache-control': 'no-store' });
    return reply.send(await registry.metrics());
  });
}
