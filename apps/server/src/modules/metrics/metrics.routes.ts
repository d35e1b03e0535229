import { errorBody } from '@paydar/contracts/common';
import { metricTrends } from '@paydar/contracts/metric-trends';
import { metric, rawMetrics, sharedMonitor } from '@paydar/contracts/metrics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../context';
import { callerOf, requireCaller } from '../../http/authentication';
import { notModified, sendVersioned } from '../../http/conditional';
import { getMetricTrends, getSharedMetricTrends } from './metric-trends.service';
import {
  customShareParams,
  type MetricQuery,
  metricQuery,
  monitorIdParams,
  rawQuery,
  shareInfoQuery,
  shareTokenParams,
  trendsQuery,
} from './metrics.schema';
import { getMetric, getRawMetrics, getSharedMetric, getShareInfo, newMetricCaches } from './metrics.service';

const tags = ['metrics'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const publicErrors = { 400: errorBody, 403: errorBody, 404: errorBody };
/**
 * Shared views cannot refresh (spec §6), so browsers and any cache in front may keep one for a
 * short while: a popular share link costs little. Public data, hence `public`.
 */
const SHARED_CACHE_CONTROL = 'public, max-age=30';
/**
 * An owner's answers are the user's own data: `private`, never kept by shared caches. Today's is
 * revalidated every time (304 while no check changed it); a past day's figures never change, so
 * the browser keeps it without asking — for a few minutes, as the answer also carries the live
 * state and heat map.
 */
const TODAY_CACHE_CONTROL = 'private, no-cache';
const PAST_DAY_CACHE_CONTROL = 'private, max-age=300, immutable';
/** `cache=False` is the web's refresh: its answer is revalidated every time, never kept unasked. */
const asksFresh = (query: MetricQuery) =>
  query.cache !== undefined && ['false', '0'].includes(query.cache.toLowerCase());

export function metricsRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    const caches = newMetricCaches(context);
    app.addHook('onClose', async () => caches.subjects.close());
    const authenticated = { onRequest: requireCaller(context) };
    app.get(
      '/api/v1/monitors/:id/metric',
      {
        ...authenticated,
        schema: {
          operationId: 'getMonitorMetric',
          summary: "A monitor's figures for a day",
          tags,
          params: monitorIdParams,
          querystring: metricQuery,
          response: { 200: metric, ...notModified, ...errors },
        },
      },
      async (request, reply) => {
        const answer = await getMetric(context, caches, callerOf(request), request.params.id, request.query);
        // A browser keeps answers by URL: another session signing in on it must not be handed this one.
        void reply.header('vary', 'Authorization');
        const keep = answer.pastDay && !asksFresh(request.query);
        return sendVersioned(request, reply, answer, keep ? PAST_DAY_CACHE_CONTROL : TODAY_CACHE_CONTROL);
      },
    );
    app.get(
      '/api/v1/monitors/:id/metric/trends',
      {
        ...authenticated,
        schema: {
          operationId: 'getMonitorMetricTrends',
          summary: "A monitor's 7/30/90-day uptime and response-time trends",
          tags,
          params: monitorIdParams,
          querystring: trendsQuery,
          response: { 200: metricTrends, ...notModified, ...errors },
        },
      },
      async (request, reply) => {
        const answer = await getMetricTrends(context, caches, callerOf(request), request.params.id, request.query);
        void reply.header('vary', 'Authorization');
        return sendVersioned(request, reply, answer, answer.pastDay ? PAST_DAY_CACHE_CONTROL : TODAY_CACHE_CONTROL);
      },
    );
    app.get(
      '/api/v1/monitors/:id/metric/raw',
      {
        ...authenticated,
        schema: {
          operationId: 'getMonitorRawChecks',
          summary: "A monitor's raw check records for a span",
          tags,
          params: monitorIdParams,
          querystring: rawQuery,
          response: { 200: rawMetrics, ...errors },
        },
      },
      (request) => getRawMetrics(context, callerOf(request), request.params.id, request.query),
    );
    app.get(
      '/api/v1/monitors/:token/share_info',
      {
        schema: {
          operationId: 'getSharedMonitor',
          summary: 'A shared monitor, by its share token',
          tags,
          params: shareTokenParams,
          querystring: shareInfoQuery,
          response: { 200: sharedMonitor, ...notModified, ...publicErrors },
        },
      },
      async (request, reply) => {
        const answer = await getShareInfo(context, caches, request.params.token, request.query);
        return sendVersioned(request, reply, answer, SHARED_CACHE_CONTROL);
      },
    );
    app.get(
      '/api/v1/monitors/:prefix/:id/metric/trends',
      {
        schema: {
          operationId: 'getSharedMonitorMetricTrends',
          summary: "A shared monitor's trends",
          tags,
          params: customShareParams,
          querystring: trendsQuery,
          response: { 200: metricTrends, ...notModified, ...publicErrors },
        },
      },
      async (request, reply) => {
        const answer = await getSharedMetricTrends(context, caches, request.params.id, request.query);
        return sendVersioned(request, reply, answer, SHARED_CACHE_CONTROL);
      },
    );
    app.get(
      '/api/v1/monitors/:prefix/:id/metric',
      {
        schema: {
          operationId: 'getSharedMonitorMetric',
          summary: "A shared monitor's figures for a day",
          tags,
          params: customShareParams,
          querystring: metricQuery,
          response: { 200: sharedMonitor, ...notModified, ...publicErrors },
        },
      },
      async (request, reply) => {
        const answer = await getSharedMetric(context, caches, request.params.id, request.query);
        return sendVersioned(request, reply, answer, SHARED_CACHE_CONTROL);
      },
    );
  };
}
