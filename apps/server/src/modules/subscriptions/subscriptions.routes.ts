import { buyPlanBody } from '@paydar/contracts/billing';
import { errorBody } from '@paydar/contracts/common';
import { autoRenewBody, subscription } from '@paydar/contracts/plans';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../context';
import { callerOf, requireSession } from '../../http/authentication';
import { AUTO_RENEW_PATH, setAutoRenew } from './auto-renew.service';
import { buyPlan } from './purchase.service';

const errors = { 400: errorBody, 401: errorBody, 402: errorBody, 403: errorBody, 409: errorBody };

export function subscriptionsRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v2/users/subscriptions/buy',
      {
        onRequest: requireSession(context),
        schema: {
          operationId: 'buySubscription',
          summary: 'Buy a plan from the wallet',
          tags: ['subscriptions'],
          description:
            'Takes the plan price (× 12 for Yearly) from the wallet and starts the plan, after crediting the unused part of a running paid plan. 402 when the credit does not cover it; nothing is taken.',
          body: buyPlanBody,
          response: { 200: subscription, ...errors },
        },
      },
      (request) => buyPlan(context, callerOf(request), request.body),
    );

    app.patch(
      AUTO_RENEW_PATH,
      {
        onRequest: requireSession(context),
        schema: {
          operationId: 'setSubscriptionAutoRenew',
          summary: "Turn the plan's auto-renewal on or off",
          tags: ['subscriptions'],
          description:
            'Switches the renewal of the running paid plan on or off. Off: when it ends the account moves to Free and nothing is taken. 400 naming auto_renew for a plan the wallet does not renew (Free, Enterprise).',
          body: autoRenewBody,
          response: { 200: subscription, 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      (request) => setAutoRenew(context, callerOf(request), request.body),
    );
  };
}
