import { impersonateBody, impersonationIssued, issueImpersonationBody, keyResponse } from '@paydar/contracts/accounts';
import { errorBody } from '@paydar/contracts/common';
import { impersonationList, impersonationsQuery } from '@paydar/contracts/impersonations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../context';
import { callerOf, requireSession } from '../../http/authentication';
import { impersonate, issueImpersonationAsCaller } from './impersonation.service';
import { IMPERSONATIONS_PATH, listImpersonationsAsCaller } from './impersonation-record.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody };

export function impersonationRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/staff/impersonation_tokens',
      {
        onRequest: requireSession(context),
        schema: {
          operationId: 'createImpersonationToken',
          summary: 'Staff: make a link to sign in as a user',
          tags: ['staff'],
          body: issueImpersonationBody,
          response: { 200: impersonationIssued, ...errors },
        },
      },
      (request) => issueImpersonationAsCaller(context, callerOf(request), request.body.email),
    );
    app.get(
      IMPERSONATIONS_PATH,
      {
        onRequest: requireSession(context),
        schema: {
          summary: 'Staff: the record of impersonation links',
          description:
            'Every link made, newest first: the staff user who made it, the user it signs in as, when it was made and expires, and when and from which address it was used (null: never). Filter by `staff` and `customer` email.',
          tags: ['staff'],
          querystring: impersonationsQuery,
          response: { 200: impersonationList, 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      (request) => listImpersonationsAsCaller(context, callerOf(request), request.query),
    );
    app.post(
      '/api/v1/users/impersonate',
      {
        schema: {
          operationId: 'impersonate',
          summary: 'Trade an impersonation link for a session',
          tags: ['users'],
          body: impersonateBody,
          response: { 200: keyResponse, ...errors },
        },
      },
      (request) => impersonate(context, request.body.token, request.ip),
    );
  };
}
