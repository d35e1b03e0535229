import { errorBody } from '@paydar/contracts/common';
import { metric, rawMetrics, sharedMonitor } from '@paydar/contracts/metrics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../context';
import { callerOf, requireCaller } from '../../http/authentication';
import { customShareParams, metricQuery, monitorIdParams, rawQuery, shareTokenParams } from './metrics.schema';
import { getMetric, getRawMetrics, getSharedMetric, getShareInfo } from './metrics.service';

const tags = ['metrics'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const publicErrors = { 400: errorBody, 403: errorBody, 404: errorBody };
/**
 * Shared views cannot refresh (spec §6) and every answer is computed at request time, so browsers
 * and any cache in front may keep one for a short while: a popular share link costs little.
 */
const SHARED_CACHE_CONTROL = 'public, max-age=30';

export function metricsRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: requireCaller(context) };
    app.get(
      '/api/v1/monitors/:id/metric',
      {
        ...authenticated,
        schema: { tags, params: monitorIdParams, querystring: metricQuery, response: { 200: metric, ...errors } },
      },
      (request) => getMetric(context, callerOf(request), request.params.id, request.query),
    );
    app.get(
      '/api/v1/monitors/:id/metric/raw',
      {
        ...authenticated,
        schema: { tags, params: monitorIdParams, querystring: rawQuery, response: { 200: rawMetrics, ...errors } },
      },
      (request) => getRawMetrics(context, callerOf(request), request.params.id, request.query),
    );
    app.get(
      '/api/v1/monitors/:token/share_info',
      { schema: { tags, params: shareTokenParams, response: { 200: sharedMonitor, ...publicErrors } } },
      async (request, reply) => {
        void reply.header('cache-control', SHARED_CACHE_CONTROL);
        return getShareInfo(context, request.params.token);
      },
    );
    app.get(
      '/api/v1/monitors/:prefix/:id/metric',
      {
        schema: {
          tags,
          params: customShareParams,
          querystring: metricQuery,
          response: { 200: sharedMonitor, ...publicErrors },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', SHARED_CACHE_CONTROL);
        return getSharedMetric(context, request.params.id, request.query);
      },
    );
  };
}
