import { errorBody, pageOf } from '@paydar/contracts/common';
import { prober } from '@paydar/contracts/monitors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../context';
import { callerOf, requireCaller } from '../../http/authentication';
import { wholeList } from '../../http/pagination';
import { listAllProbers } from './probers.service';

export function probersRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/probers/',
      {
        onRequest: requireCaller(context),
        schema: {
          operationId: 'listProbers',
          summary: 'The probers a monitor may use, with their health',
          tags: ['probers'],
          response: { 200: pageOf(prober), 401: errorBody },
        },
      },
      async (request) => wholeList(await listAllProbers(context, callerOf(request))),
    );
  };
}
