import { errorBody } from '@paydar/contracts/common';
import { pathId } from '@paydar/contracts/path-ids';
import {
  statusPageSubscribeAnswer,
  statusPageSubscribeInput,
  statusPageSubscriberList,
  statusPageSubscriptionAnswer,
  statusPageSubscriptionTokenInput,
} from '@paydar/contracts/status-page-subscribers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../../context';
import { invalidField } from '../../errors';
import { callerOf, requireCaller } from '../../http/authentication';
import { PUBLIC_STATUS_PAGE_BY_HOST_PATH, PUBLIC_STATUS_PAGES_PATH } from '../status-pages/status-pages.public';
import { pageParams } from '../status-pages/status-pages.schema';
import { STATUS_PAGES_PATH } from '../status-pages/status-pages.service';
import { subscribersQuery } from './status-page-subscribers.schema';
import { subscribe } from './subscribe.service';
import { SUBSCRIPTIONS_PATH } from './subscriber-links';
import { listPageSubscribers, removePageSubscriber } from './subscribers.owner.service';
import { confirmSubscription, unsubscribe, unsubscribeScreenOf } from './subscription-tokens.service';

const publicTags = ['status pages (public)'];
const ownerTags = ['status pages'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody };
const slugParams = z.object({ slug: z.string().min(1).max(64).describe('The page’s slug.') });
const subscriberParams = pageParams.extend({
  subscriberId: pathId('The subscriber’s id.'),
});
const tokenField = statusPageSubscriptionTokenInput.shape.token;
/** RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` as a form to the header's URL (token in the query). */
const unsubscribeBody = z
  .object({ token: tokenField.optional(), 'List-Unsubscribe': z.literal('One-Click').optional() })
  .describe('`{token}` as JSON, or the one-click form body `List-Unsubscribe=One-Click` with the token in the query.');
const unsubscribeQuery = z.object({ token: tokenField.optional() });

const tokenOf = (headers: Record<string, unknown>) => {
  const value = headers['x-status-page-token'];
  return typeof value === 'string' ? value : undefined;
};

/** Visitors' subscribe, confirm and unsubscribe; the owner's list and removal. */
export function statusPageSubscribersRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Only here: the one-click unsubscribe is a form POST; the rest of the API stays JSON only.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const subscribeSchema = {
      tags: publicTags,
      description:
        'Subscribes an email to the page’s incidents and maintenance (double opt-in). The same 202 whatever the address’s state; a protected page needs X-Status-Page-Token.',
      body: statusPageSubscribeInput,
      response: { 202: statusPageSubscribeAnswer, ...errors },
    };
    app.post(
      `${PUBLIC_STATUS_PAGES_PATH}/:slug/subscribers`,
      {
        schema: {
          ...subscribeSchema,
          operationId: 'subscribeToStatusPage',
          summary: 'Subscribe an email to a status page, by slug',
          params: slugParams,
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send(
            await subscribe(
              context,
              { slug: request.params.slug },
              { email: request.body.email, ip: request.ip, pageToken: tokenOf(request.headers) },
            ),
          ),
    );
    app.post(
      `${PUBLIC_STATUS_PAGE_BY_HOST_PATH}/subscribers`,
      {
        schema: {
          ...subscribeSchema,
          operationId: 'subscribeToStatusPageByHost',
          summary: 'Subscribe an email to the status page of this Host',
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send(
            await subscribe(
              context,
              { host: request.hostname },
              { email: request.body.email, ip: request.ip, pageToken: tokenOf(request.headers) },
            ),
          ),
    );
    app.post(
      `${SUBSCRIPTIONS_PATH}/confirm`,
      {
        schema: {
          operationId: 'confirmStatusPageSubscription',
          summary: "Confirm a status page subscription (the mail's link)",
          tags: publicTags,
          description: 'Confirms a subscription with the token of its confirmation mail.',
          body: statusPageSubscriptionTokenInput,
          response: { 200: statusPageSubscriptionAnswer, ...errors },
        },
      },
      (request) => confirmSubscription(context, request.body.token, request.ip),
    );
    app.post(
      `${SUBSCRIPTIONS_PATH}/unsubscribe`,
      {
        schema: {
          operationId: 'unsubscribeFromStatusPage',
          summary: 'Unsubscribe from a status page (JSON or RFC 8058 one-click)',
          tags: publicTags,
          description: 'Ends a subscription with the token of a notice mail; also the RFC 8058 one-click target.',
          querystring: unsubscribeQuery,
          body: unsubscribeBody,
          response: { 200: statusPageSubscriptionAnswer, ...errors },
        },
      },
      (request) => {
        const token = request.body.token ?? request.query.token;
        if (!token) throw invalidField('token', 'This field is required.');
        return unsubscribe(context, token, request.ip);
      },
    );
    app.get(
      `${SUBSCRIPTIONS_PATH}/unsubscribe`,
      {
        schema: {
          operationId: 'openUnsubscribeLink',
          summary: "Open an unsubscribe link: redirects to the page's screen, changes nothing",
          tags: publicTags,
          description:
            'A browser opening the List-Unsubscribe URL: 303 to the page’s unsubscribe screen (nothing changes on a GET).',
          querystring: z.object({ token: tokenField }),
          response: { 303: z.null().describe('Location: the page’s unsubscribe screen, with the token.'), ...errors },
        },
      },
      async (request, reply) =>
        reply.redirect(await unsubscribeScreenOf(context, request.query.token, request.ip), 303),
    );

    const authenticated = { onRequest: requireCaller(context) };
    app.get(
      `${STATUS_PAGES_PATH}/:id/subscribers/`,
      {
        ...authenticated,
        schema: {
          operationId: 'listStatusPageSubscribers',
          summary: "A status page's subscribers, paged",
          tags: ownerTags,
          description:
            'A page of the page’s subscribers, newest first (confirmed, and waiting ones whose link still works), by search and state, with the page’s confirmed and waiting totals.',
          params: pageParams,
          querystring: subscribersQuery,
          response: { 200: statusPageSubscriberList, ...errors },
        },
      },
      (request) => listPageSubscribers(context, callerOf(request), request.params.id, request.query),
    );
    app.delete(
      `${STATUS_PAGES_PATH}/:id/subscribers/:subscriberId/`,
      {
        ...authenticated,
        schema: {
          operationId: 'deleteStatusPageSubscriber',
          summary: 'Remove a subscriber',
          tags: ownerTags,
          params: subscriberParams,
          response: { 204: z.null().describe('Removed.'), ...errors },
        },
      },
      async (request, reply) => {
        await removePageSubscriber(context, callerOf(request), request.params.id, request.params.subscriberId);
        return reply.status(204).send(null);
      },
    );
  };
}
