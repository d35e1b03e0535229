import { errorBody } from '@paydar/contracts/common';
import {
  incident,
  incidentInput,
  incidentList,
  incidentPatch,
  incidentUpdateInput,
} from '@paydar/contracts/status-page-incidents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../../context';
import { callerOf, requireCaller } from '../../http/authentication';
import { incidentParams, incidentsParams, incidentsQuery } from './incidents.schema';
import {
  addIncidentUpdate,
  editIncident,
  getPageIncident,
  listPageIncidents,
  openIncident,
  removeIncident,
} from './incidents.service';

const tags = ['status page incidents'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const BASE = '/api/v1/status_pages/:id/incidents';

/** The owner's incident routes; visitors read incidents through incidents.public.routes.ts. */
export function incidentsRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: requireCaller(context) };
    app.get(
      `${BASE}/`,
      {
        ...authenticated,
        schema: {
          operationId: 'listIncidents',
          summary: "A status page's incidents, paged",
          tags,
          params: incidentsParams,
          querystring: incidentsQuery,
          response: { 200: incidentList, ...errors },
        },
      },
      (request) => listPageIncidents(context, callerOf(request), request.params.id, request.query),
    );
    app.post(
      `${BASE}/`,
      {
        ...authenticated,
        schema: {
          operationId: 'createIncident',
          summary: 'Open an incident',
          tags,
          params: incidentsParams,
          body: incidentInput,
          response: { 201: incident, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await openIncident(context, callerOf(request), request.params.id, request.body)),
    );
    app.get(
      `${BASE}/:incidentId/`,
      {
        ...authenticated,
        schema: {
          operationId: 'getIncident',
          summary: 'An incident with its updates',
          tags,
          params: incidentParams,
          response: { 200: incident, ...errors },
        },
      },
      (request) => getPageIncident(context, callerOf(request), request.params.id, request.params.incidentId),
    );
    app.patch(
      `${BASE}/:incidentId/`,
      {
        ...authenticated,
        schema: {
          operationId: 'updateIncident',
          summary: "Change an incident's title, affected monitors or post-mortem",
          tags,
          description: 'The title, and the post-mortem of a resolved incident (null or "" removes it).',
          params: incidentParams,
          body: incidentPatch,
          response: { 200: incident, ...errors },
        },
      },
      (request) => editIncident(context, callerOf(request), request.params.id, request.params.incidentId, request.body),
    );
    app.delete(
      `${BASE}/:incidentId/`,
      {
        ...authenticated,
        schema: {
          operationId: 'deleteIncident',
          summary: 'Delete an incident',
          tags,
          params: incidentParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await removeIncident(context, callerOf(request), request.params.id, request.params.incidentId);
        return reply.status(204).send(null);
      },
    );
    app.post(
      `${BASE}/:incidentId/updates/`,
      {
        ...authenticated,
        schema: {
          operationId: 'createIncidentUpdate',
          summary: 'Post an incident update (state and Markdown)',
          tags,
          description:
            '`resolved` closes the incident; another state reopens a resolved one (not one with a post-mortem).',
          params: incidentParams,
          body: incidentUpdateInput,
          response: { 201: incident, ...errors, 409: errorBody },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await addIncidentUpdate(
              context,
              callerOf(request),
              request.params.id,
              request.params.incidentId,
              request.body,
            ),
          ),
    );
  };
}
