import { errorBody, pageOf } from '@paydar/contracts/common';
import { notificationHistoryItem } from '@paydar/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../context';
import { callerOf, requireCaller } from '../../http/authentication';
import { historyQuery } from './notifications.schema';
import { getNotificationHistory, HISTORY_PATH } from './notifications.service';

export function notificationsRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      HISTORY_PATH,
      {
        onRequest: requireCaller(context),
        schema: {
          operationId: 'listNotifications',
          summary: 'Alert history, paged',
          tags: ['notifications'],
          querystring: historyQuery,
          response: { 200: pageOf(notificationHistoryItem), 400: errorBody, 401: errorBody },
        },
      },
      (request) => getNotificationHistory(context, callerOf(request), request.query),
    );
  };
}
