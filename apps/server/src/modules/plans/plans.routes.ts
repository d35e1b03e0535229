import { errorBody, pageOf } from '@paydar/contracts/common';
import { plan, subscription } from '@paydar/contracts/plans';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../context';
import { callerOf, requireCaller } from '../../http/authentication';
import { wholeList } from '../../http/pagination';
import { listCallerSubscriptions, listPlans } from './plans.service';

const errors = { 401: errorBody };

export function plansRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: requireCaller(context) };
    app.get(
      '/api/v1/users/subscriptions',
      {
        ...authenticated,
        schema: {
          operationId: 'getSubscription',
          summary: "The user's plan and its history",
          tags: ['subscriptions'],
          response: { 200: pageOf(subscription), ...errors },
        },
      },
      async (request) => wholeList(await listCallerSubscriptions(context, callerOf(request))),
    );
    app.get(
      '/api/v2/users/subscription_plans',
      {
        ...authenticated,
        schema: {
          operationId: 'listSubscriptionPlans',
          summary: 'The plans on sale, with prices in Tomans',
          tags: ['subscriptions'],
          response: { 200: pageOf(plan), ...errors },
        },
      },
      async () => wholeList(await listPlans(context)),
    );
  };
}
