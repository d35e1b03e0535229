import { errorBody } from '@paydar/contracts/common';
import type { RouteOptions } from 'fastify';
import type { RouteAuth } from '../http/authentication';

/**
 * The responses every route can give for reasons of its shape rather than its logic — Fastify
 * refuses a bad input, an over-long path part or an unreadable body before the handler runs, and
 * the auth hook refuses a missing or insufficient credential — added to the route's declared
 * responses, so the OpenAPI document lists what the server really answers (the all-routes fuzz
 * test fails on any status a route gives and does not declare).
 */

const SAFE_METHODS = new Set(['GET', 'HEAD']);
type Schema = { response?: Record<string, unknown>; hide?: boolean } & Record<string, unknown>;

/** The statuses a route of this shape can answer before (or besides) its handler. */
export function shapeStatuses(route: Pick<RouteOptions, 'url' | 'method'>, auth: RouteAuth | null) {
  const methods = [route.method].flat();
  const writes = methods.some((method) => !SAFE_METHODS.has(method));
  const statuses = new Set<number>();
  // The edge-value rule (http/edge-values.ts) refuses a control character in any path, query or body value.
  statuses.add(400);
  // Fastify answers 414 for a path parameter longer than maxParamLength.
  if (route.url.includes(':')) statuses.add(414);
  if (writes) for (const status of [413, 415]) statuses.add(status);
  if (auth) statuses.add(401);
  // A read-only token may not write; an API token may not make a session-only call.
  if (auth === 'session' || (auth && writes)) statuses.add(403);
  return statuses;
}

/** The route's schema with the shape's statuses declared (as the API's error body) where it had not declared them. */
export function withShapeResponses(route: RouteOptions, auth: RouteAuth | null): void {
  const schema = route.schema as Schema | undefined;
  if (!schema?.response || schema.hide) return;
  const response = { ...schema.response };
  for (const status of shapeStatuses(route, auth)) response[status] ??= errorBody;
  route.schema = { ...schema, response } as RouteOptions['schema'];
}

/** What each status means in this API: the description of a response that has none of its own. */
export const STATUS_DESCRIPTIONS: Readonly<Record<string, string>> = {
  200: 'Done: the body below.',
  201: 'Created: the new item below.',
  202: 'Accepted: the work is queued and happens shortly.',
  204: 'Done; no body.',
  302: 'A redirect: follow the Location header.',
  400: 'The input is invalid: `detail` and `code`, and for each bad field `{"<field>": ["<message>"]}`.',
  401: 'Not signed in: no credentials, or a session key or API token that is unknown, expired or revoked.',
  402: 'The wallet’s balance is too low for this.',
  403: 'Not allowed: another user’s item, a plan that does not include it, a read-only API token writing, or an API token on a call for sessions only.',
  404: 'Not found, or not yours.',
  406: 'Not acceptable: this call answers only the media type it documents (send a matching Accept header).',
  409: 'Conflicts with the current state (already exists, already done, or changed meanwhile).',
  413: 'The request body is larger than 1 MB.',
  414: 'A part of the path is longer than any valid value.',
  415: 'The body is not application/json.',
  429: 'Too many requests: wait the seconds in the Retry-After header.',
  502: 'An outside service (payment gateway, SMS provider, hosting console) answered with an error.',
  503: 'Not available now: an outside service is not configured or cannot be reached. Try again later.',
};

/** Gives each converted response schema without a description the status's description. */
export function describeResponses(response: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!response) return response;
  return Object.fromEntries(
    Object.entries(response).map(([status, schema]) => {
      const described = schema as { description?: string };
      if (described?.description || !STATUS_DESCRIPTIONS[status]) return [status, schema];
      return [status, { ...described, description: STATUS_DESCRIPTIONS[status] }];
    }),
  );
}
