import { errorBody, pageOf, successBody } from '@paydar/contracts/common';
import { monitorSummaryWire } from '@paydar/contracts/monitor-summary';
import { monitor, monitorInput, monitorPatch } from '@paydar/contracts/monitors';
import { pathId } from '@paydar/contracts/path-ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../../context';
import { callerOf, requireCaller } from '../../http/authentication';
import { notModified, sendVersioned } from '../../http/conditional';
import { listAllMonitors, listMonitorsPage } from './monitor-list.service';
import { createMonitorListCache } from './monitor-list-cache';
import { patchedInput } from './monitor-patch';
import { monitorListQuery } from './monitors.schema';
import { createMonitor, editMonitor, getMonitor, removeMonitor } from './monitors.service';

const tags = ['monitors'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
/** The list is the user's own data, revalidated every time: 304 while nothing it shows changed. */
const LIST_CACHE_CONTROL = 'private, no-cache';
const byId = z.object({ id: pathId() });

export function monitorsRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: requireCaller(context) };
    const lists = createMonitorListCache(context.changes, () => context.now());
    app.addHook('onClose', async () => lists.close());
    app.get(
      '/api/v1/monitors/',
      {
        ...authenticated,
        schema: {
          operationId: 'listMonitors',
          summary: "The user's monitors, paged, with today's figures",
          tags,
          querystring: monitorListQuery,
          response: { 200: pageOf(monitorSummaryWire), ...notModified, ...errors },
        },
      },
      async (request, reply) => {
        const { limit, offset } = request.query;
        if (limit !== undefined) return listMonitorsPage(context, callerOf(request), { limit, offset });
        // A browser keeps answers by URL: another session signing in on it must not be handed this one.
        void reply.header('vary', 'Authorization');
        return sendVersioned(
          request,
          reply,
          await listAllMonitors(context, lists, callerOf(request)),
          LIST_CACHE_CONTROL,
        );
      },
    );
    app.post(
      '/api/v1/monitors/',
      {
        ...authenticated,
        schema: {
          operationId: 'createMonitor',
          summary: 'Add a monitor',
          tags,
          body: monitorInput,
          response: { 201: monitor, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await createMonitor(context, callerOf(request), request.body)),
    );
    app.get(
      '/api/v1/monitors/:id/',
      {
        ...authenticated,
        schema: {
          operationId: 'getMonitor',
          summary: 'A monitor',
          tags,
          params: byId,
          response: { 200: monitor, ...errors },
        },
      },
      (request) => getMonitor(context, callerOf(request), request.params.id),
    );
    app.put(
      '/api/v1/monitors/:id/',
      {
        ...authenticated,
        schema: {
          operationId: 'replaceMonitor',
          summary: 'Replace a monitor (protocol and address stay)',
          tags,
          params: byId,
          body: monitorInput,
          response: { 200: monitor, ...errors },
        },
      },
      (request) => editMonitor(context, callerOf(request), request.params.id, request.body),
    );
    app.patch(
      '/api/v1/monitors/:id/',
      {
        ...authenticated,
        schema: {
          tags,
          operationId: 'updateMonitor',
          summary: 'Change some fields of a monitor',
          description: 'Only the fields sent change, checked as PUT checks them; protocol and address cannot change.',
          params: byId,
          body: monitorPatch,
          response: { 200: monitor, ...errors },
        },
      },
      (request) =>
        editMonitor(context, callerOf(request), request.params.id, (current) => patchedInput(current, request.body)),
    );
    app.delete(
      '/api/v1/monitors/:id/',
      {
        ...authenticated,
        schema: {
          operationId: 'deleteMonitor',
          summary: 'Remove a monitor',
          tags,
          params: byId,
          response: { 200: successBody, ...errors },
        },
      },
      async (request) => {
        await removeMonitor(context, callerOf(request), request.params.id);
        return { success: true as const };
      },
    );
  };
}
