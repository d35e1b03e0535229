import {
  sendChannelTokenBody,
  sendChannelTokenResponse,
  verifyChannelBody,
  verifyChannelResponse,
} from '@paydar/contracts/alert-channels';
import { errorBody } from '@paydar/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../context';
import { callerOf, requireCaller } from '../../http/authentication';
import { sendChannelToken, verifyChannel } from './alert-channels.service';

const tags = ['users'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody, 503: errorBody };

export function alertChannelsRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: requireCaller(context) };
    app.post(
      '/api/v1/users/alert_channel/send_token',
      {
        ...authenticated,
        schema: {
          operationId: 'sendAlertChannelCode',
          summary: 'Send a verification code to a new alert channel',
          tags,
          body: sendChannelTokenBody,
          response: { 200: sendChannelTokenResponse, ...errors },
        },
      },
      (request) => sendChannelToken(context, callerOf(request), request.body),
    );
    app.post(
      '/api/v1/users/alert_channel/verify',
      {
        ...authenticated,
        schema: {
          operationId: 'verifyAlertChannel',
          summary: 'Verify an alert channel with its code',
          tags,
          body: verifyChannelBody,
          response: { 200: verifyChannelResponse, ...errors },
        },
      },
      (request) => verifyChannel(context, callerOf(request), request.body),
    );
  };
}
