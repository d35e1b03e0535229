import { errorBody } from '@paydar/contracts/common';
import { publicIncident } from '@paydar/contracts/status-page-incidents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../../context';
import { notModified } from '../../http/conditional';
import { createPageGateCache } from '../status-pages/status-page-gate-cache';
import {
  type AdmittedPage,
  admitByHost,
  admitBySlug,
  PUBLIC_STATUS_PAGE_BY_HOST_PATH,
  PUBLIC_STATUS_PAGES_PATH,
} from '../status-pages/status-pages.public';
import { sendPublicRead, tokenOf } from '../status-pages/status-pages.public.routes';
import { publicIncidentAnswer } from './incidents.public';
import { incidentParams } from './incidents.schema';

const tags = ['status pages (public)'];
const errors = { 400: errorBody, 401: errorBody, 404: errorBody };
const incidentId = incidentParams.shape.incidentId;

/** Visitors' incident pages: the same password gate and caching as the page itself. */
export function publicIncidentsRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    const gates = createPageGateCache(context.changes, () => context.now());
    app.addHook('onClose', async () => gates.close());
    const readOf = (admitted: AdmittedPage, id: number) => ({
      answer: publicIncidentAnswer(context, admitted.gate, id),
      isProtected: admitted.isProtected,
    });
    app.get(
      `${PUBLIC_STATUS_PAGES_PATH}/:slug/incidents/:incidentId`,
      {
        schema: {
          operationId: 'getPublicIncident',
          summary: "An incident's page for visitors, by slug",
          tags,
          description: 'One incident of the page, with ETag; a protected page needs X-Status-Page-Token.',
          params: z.object({ slug: z.string().min(1).max(64), incidentId }),
          response: { 200: publicIncident, ...notModified, ...errors },
        },
      },
      async (request, reply) => {
        const admitted = await admitBySlug(context, gates, request.params.slug, tokenOf(request.headers));
        return sendPublicRead(request, reply, readOf(admitted, request.params.incidentId));
      },
    );
    app.get(
      `${PUBLIC_STATUS_PAGE_BY_HOST_PATH}/incidents/:incidentId`,
      {
        schema: {
          operationId: 'getPublicIncidentByHost',
          summary: "An incident's page for visitors, by Host",
          tags,
          description: 'One incident of the page whose custom domain is the request’s Host.',
          params: z.object({ incidentId }),
          response: { 200: publicIncident, ...notModified, ...errors },
        },
      },
      async (request, reply) => {
        const admitted = await admitByHost(context, gates, request.hostname, tokenOf(request.headers));
        return sendPublicRead(request, reply, readOf(admitted, request.params.incidentId));
      },
    );
  };
}
