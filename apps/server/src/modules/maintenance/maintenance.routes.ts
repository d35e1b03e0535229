import { errorBody, successBody } from '@paydar/contracts/common';
import { maintenanceWindow, maintenanceWindowInput, maintenanceWindowList } from '@paydar/contracts/maintenance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../context';
import { callerOf, requireCaller } from '../../http/authentication';
import { windowParams } from './maintenance.schema';
import {
  createMaintenanceWindow,
  editMaintenanceWindow,
  endMaintenanceWindow,
  getMaintenanceWindow,
  listMaintenanceWindows,
  MAINTENANCE_PATH,
  removeMaintenanceWindow,
} from './maintenance.service';

const tags = ['maintenance'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export function maintenanceRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: requireCaller(context) };
    app.get(
      MAINTENANCE_PATH,
      {
        ...authenticated,
        schema: {
          operationId: 'listMaintenanceWindows',
          summary: 'Maintenance windows',
          tags,
          response: { 200: maintenanceWindowList, ...errors },
        },
      },
      (request) => listMaintenanceWindows(context, callerOf(request)),
    );
    app.post(
      MAINTENANCE_PATH,
      {
        ...authenticated,
        schema: {
          operationId: 'createMaintenanceWindow',
          summary: 'Create a maintenance window',
          tags,
          body: maintenanceWindowInput,
          response: { 201: maintenanceWindow, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createMaintenanceWindow(context, callerOf(request), request.body)),
    );
    app.get(
      `${MAINTENANCE_PATH}/:id`,
      {
        ...authenticated,
        schema: {
          operationId: 'getMaintenanceWindow',
          summary: 'A maintenance window',
          tags,
          params: windowParams,
          response: { 200: maintenanceWindow, ...errors },
        },
      },
      (request) => getMaintenanceWindow(context, callerOf(request), request.params.id),
    );
    app.put(
      `${MAINTENANCE_PATH}/:id`,
      {
        ...authenticated,
        schema: {
          operationId: 'replaceMaintenanceWindow',
          summary: 'Replace a maintenance window',
          tags,
          params: windowParams,
          body: maintenanceWindowInput,
          response: { 200: maintenanceWindow, ...errors },
        },
      },
      (request) => editMaintenanceWindow(context, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      `${MAINTENANCE_PATH}/:id`,
      {
        ...authenticated,
        schema: {
          operationId: 'deleteMaintenanceWindow',
          summary: 'Delete a maintenance window',
          tags,
          params: windowParams,
          response: { 200: successBody, ...errors },
        },
      },
      async (request) => {
        await removeMaintenanceWindow(context, callerOf(request), request.params.id);
        return { success: true as const };
      },
    );
    app.post(
      `${MAINTENANCE_PATH}/:id/end`,
      {
        ...authenticated,
        schema: {
          operationId: 'endMaintenanceWindow',
          summary: 'End a maintenance window now',
          tags,
          description:
            'Ends the ongoing occurrence now. A one-off window’s end moves to now; a weekly window skips the rest of this occurrence and keeps its future ones. 409 when nothing is going on.',
          params: windowParams,
          response: { 200: maintenanceWindow, ...errors, 409: errorBody },
        },
      },
      (request) => endMaintenanceWindow(context, callerOf(request), request.params.id),
    );
  };
}
