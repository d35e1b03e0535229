import { apiTokenList, apiTokenParams, createApiTokenBody, createdApiToken } from '@paydar/contracts/api-tokens';
import { errorBody, successBody } from '@paydar/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../context';
import { requireSession, sessionCallerOf } from '../../http/authentication';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service';

export const API_TOKENS_PATH = '/api/v1/users/api_tokens';

const tags = ['api tokens'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** The caller's personal API tokens. A session only: a token cannot list, mint or revoke tokens. */
export function apiTokensRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    const sessionOnly = { onRequest: requireSession(context) };
    app.get(
      API_TOKENS_PATH,
      {
        ...sessionOnly,
        schema: {
          tags,
          operationId: 'listApiTokens',
          summary: 'Lists your API tokens (never the tokens themselves)',
          response: { 200: apiTokenList, ...errors },
        },
      },
      (request) => listApiTokens(context, sessionCallerOf(request)),
    );
    app.post(
      API_TOKENS_PATH,
      {
        ...sessionOnly,
        schema: {
          tags,
          operationId: 'createApiToken',
          summary: 'Creates an API token; the answer holds the token, shown this once',
          body: createApiTokenBody,
          response: { 201: createdApiToken, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createApiToken(context, sessionCallerOf(request), request.body)),
    );
    app.delete(
      `${API_TOKENS_PATH}/:id`,
      {
        ...sessionOnly,
        schema: {
          tags,
          operationId: 'revokeApiToken',
          summary: 'Revokes an API token: it stops working at once',
          params: apiTokenParams,
          response: { 200: successBody, ...errors },
        },
      },
      async (request) => {
        await revokeApiToken(context, sessionCallerOf(request), request.params.id);
        return { success: true as const };
      },
    );
  };
}
