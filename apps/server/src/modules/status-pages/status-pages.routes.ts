import { errorBody, successBody } from '@paydar/contracts/common';
import { statusPage, statusPageInput, statusPageList } from '@paydar/contracts/status-pages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../context';
import { callerOf, requireCaller } from '../../http/authentication';
import { pageParams } from './status-pages.schema';
import {
  createStatusPage,
  getStatusPage,
  listStatusPages,
  removeStatusPage,
  replaceStatusPage,
  STATUS_PAGES_PATH,
} from './status-pages.service';

const tags = ['status pages'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** The owner's routes; the public read is in status-pages.public.routes.ts. */
export function statusPagesRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: requireCaller(context) };
    app.get(
      `${STATUS_PAGES_PATH}/`,
      {
        ...authenticated,
        schema: {
          operationId: 'listStatusPages',
          summary: "The user's status pages",
          tags,
          response: { 200: statusPageList, ...errors },
        },
      },
      (request) => listStatusPages(context, callerOf(request)),
    );
    app.post(
      `${STATUS_PAGES_PATH}/`,
      {
        ...authenticated,
        schema: {
          operationId: 'createStatusPage',
          summary: 'Create a status page',
          tags,
          body: statusPageInput,
          response: { 201: statusPage, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createStatusPage(context, callerOf(request), request.body)),
    );
    app.get(
      `${STATUS_PAGES_PATH}/:id/`,
      {
        ...authenticated,
        schema: {
          operationId: 'getStatusPage',
          summary: 'A status page',
          tags,
          params: pageParams,
          response: { 200: statusPage, ...errors },
        },
      },
      (request) => getStatusPage(context, callerOf(request), request.params.id),
    );
    app.put(
      `${STATUS_PAGES_PATH}/:id/`,
      {
        ...authenticated,
        schema: {
          operationId: 'replaceStatusPage',
          summary: 'Replace a status page',
          tags,
          description:
            'Replaces the page with its sections in one transaction; a left-out password keeps the current one.',
          params: pageParams,
          body: statusPageInput,
          response: { 200: statusPage, ...errors },
        },
      },
      (request) => replaceStatusPage(context, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      `${STATUS_PAGES_PATH}/:id/`,
      {
        ...authenticated,
        schema: {
          operationId: 'deleteStatusPage',
          summary: 'Delete a status page',
          tags,
          params: pageParams,
          response: { 200: successBody, ...errors },
        },
      },
      async (request) => {
        await removeStatusPage(context, callerOf(request), request.params.id);
        return { success: true as const };
      },
    );
  };
}
