import { errorBody } from '@paydar/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../../context';
import { callerOf, requireCaller } from '../../http/authentication';
import { scrapeMonitors } from './prometheus.service';

export const PROMETHEUS_PATH = '/api/v1/metrics/prometheus';

export function prometheusRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      PROMETHEUS_PATH,
      {
        // A session key is accepted too, as on every read: it reads nothing the dashboard does not show it.
        onRequest: requireCaller(context),
        schema: {
          operationId: 'getPrometheusMetrics',
          summary: "The caller's monitors in the Prometheus text format",
          description:
            'For a Prometheus scrape job with `authorization: {type: Bearer, credentials: pdr_…}` (a read token is enough). ' +
            'Per monitor (labels monitor_id, name, protocol): paydar_monitor_up, paydar_monitor_state{state}, ' +
            'paydar_monitor_uptime_24h_ratio, paydar_monitor_last_check_timestamp_seconds; per prober (label prober): ' +
            'paydar_monitor_response_time_seconds{phase}, paydar_monitor_checks_24h, paydar_monitor_failed_checks_24h.',
          tags: ['metrics'],
          response: {
            200: {
              description: 'The text exposition format, version 0.0.4.',
              content: { 'text/plain': { schema: z.string() } },
            },
            401: errorBody,
          },
        },
      },
      async (request, reply) => {
        const registry = await scrapeMonitors(context, callerOf(request));
        void reply.headers({ 'content-type': registry.contentType, 'cache-control': 'no-store' });
        return reply.send(await registry.metrics());
      },
    );
  };
}
