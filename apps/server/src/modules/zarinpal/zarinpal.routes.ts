import {
  zarinpalPaymentResponse,
  zarinpalRequestBody,
  zarinpalRequestQuery,
  zarinpalRequestResponse,
} from '@paydar/contracts/billing';
import { errorBody } from '@paydar/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../../context';
import { callerOf, requireCaller, requireSession } from '../../http/authentication';
import { handleZarinpalCallback } from './zarinpal.callback.service';
import { zarinpalClientFrom } from './zarinpal.client';
import { CALLBACK_PATH, requestZarinpalPayment } from './zarinpal.request.service';
import { getOwnPayment } from './zarinpal.result.service';
import { callbackQuery, paymentParams } from './zarinpal.schema';

export function zarinpalRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  const client = zarinpalClientFrom(context.config);
  return async (app) => {
    app.post(
      '/api/v1/users/zarinpal/request',
      {
        onRequest: requireSession(context),
        schema: {
          operationId: 'requestZarinpalPayment',
          summary: 'Start a Zarinpal card payment to top up the wallet',
          tags: ['billing'],
          querystring: zarinpalRequestQuery,
          body: zarinpalRequestBody,
          response: {
            200: zarinpalRequestResponse,
            400: errorBody,
            401: errorBody,
            403: errorBody,
            429: errorBody,
            502: errorBody,
            503: errorBody,
          },
        },
      },
      (request) => requestZarinpalPayment(context, client, callerOf(request), request.query, request.body),
    );

    app.get(
      '/api/v1/users/zarinpal/payments/:authority',
      {
        onRequest: requireCaller(context),
        schema: {
          operationId: 'getZarinpalPayment',
          summary: 'A Zarinpal payment and its outcome',
          tags: ['billing'],
          description: "One of the caller's card payments as recorded: what the result page shows.",
          params: paymentParams,
          response: { 200: zarinpalPaymentResponse, 400: errorBody, 401: errorBody, 404: errorBody },
        },
      },
      async (request, reply) => {
        // A settling payment changes state: no cache may answer for the server.
        void reply.header('cache-control', 'no-store');
        return getOwnPayment(context, callerOf(request), request.params.authority);
      },
    );

    app.get(
      CALLBACK_PATH,
      {
        schema: {
          operationId: 'handleZarinpalCallback',
          summary: "Zarinpal's return after payment (verifies and credits once)",
          tags: ['billing'],
          description: 'Zarinpal sends the payer here; answers 302 to the web result page.',
          querystring: callbackQuery,
          response: { 302: z.null().describe('Location: the result page') },
        },
      },
      async (request, reply) => {
        const location = await handleZarinpalCallback(context, client, request.query);
        return reply.header('cache-control', 'no-store').redirect(location, 302);
      },
    );
  };
}
