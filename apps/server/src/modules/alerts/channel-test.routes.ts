import { testChannelBody, testChannelResponse } from '@paydar/contracts/alert-channels';
import { errorBody } from '@paydar/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../context';
import { callerOf, requireCaller } from '../../http/authentication';
import { testChannel } from './channel-test.service';

export const CHANNEL_TEST_PATH = '/api/v1/alert_channels/test';

export function channelTestRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      CHANNEL_TEST_PATH,
      {
        onRequest: requireCaller(context),
        schema: {
          tags: ['alerts'],
          operationId: 'testAlertChannel',
          summary: 'Send a test message to one of your verified alert channels',
          description:
            'Sends a clearly marked test ("[Paydar] TEST: …"; webhook event `channel.test`) now and answers with the outcome. A phone gets an SMS, never a call. Recorded in the notification history as kind `test` and counted against the monthly notification allowance. 5 a minute per user; a second test to the same channel while one is being sent gets 409.',
          body: testChannelBody,
          response: {
            200: testChannelResponse,
            400: errorBody,
            401: errorBody,
            403: errorBody,
            404: errorBody,
            409: errorBody,
            429: errorBody,
          },
        },
      },
      (request) => testChannel(context, callerOf(request), request.body, request.log),
    );
  };
}
