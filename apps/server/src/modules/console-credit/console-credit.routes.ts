import { addCreditBody, addCreditResponse, checkOrganizationResponse } from '@paydar/contracts/billing';
import { errorBody } from '@paydar/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../context';
import { callerOf, requireCaller, requireSession } from '../../http/authentication';
import { consoleClientFrom } from './console.client';
import { addCreditHeaders } from './console-credit.schema';
import { addConsoleCredit, checkOrganization } from './console-credit.service';

export function consoleCreditRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  const client = consoleClientFrom(context.config);
  return async (app) => {
    app.get(
      '/api/v1/users/check_organization',
      {
        onRequest: requireCaller(context),
        schema: {
          operationId: 'checkConsoleOrganization',
          summary: 'Look up a hosting console organization to move credit from',
          tags: ['billing'],
          response: { 200: checkOrganizationResponse, 401: errorBody, 403: errorBody, 502: errorBody, 503: errorBody },
        },
      },
      (request) => checkOrganization(client, callerOf(request)),
    );

    app.post(
      '/api/v1/users/add_credit',
      {
        onRequest: requireSession(context),
        schema: {
          operationId: 'addConsoleCredit',
          summary: 'Move credit from a hosting console into the wallet',
          tags: ['billing'],
          headers: addCreditHeaders,
          body: addCreditBody,
          response: {
            200: addCreditResponse,
            400: errorBody,
            401: errorBody,
            403: errorBody,
            404: errorBody,
            409: errorBody,
            429: errorBody,
            502: errorBody,
            503: errorBody,
          },
        },
      },
      (request) =>
        addConsoleCredit(context, client, callerOf(request), request.body, request.headers['idempotency-key']),
    );
  };
}
