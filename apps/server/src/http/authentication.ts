import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller, ServiceContext, SessionCaller } from '../context';
import { forbidden, notAuthenticated } from '../errors';
import { authenticate } from '../modules/accounts/session.service';
import { authenticateApiToken } from '../modules/api-tokens/api-token-auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** The browser's session key. */
const SESSION_HEADER = /^Token\s+(\S+)$/i;
/** A script's API token (`pdr_…`): another scheme word on the same header, so one request carries one credential. */
const API_TOKEN_HEADER = /^Bearer\s+(\S+)$/i;
/** Longer than any key or token we issue: refused before a regular expression or a query runs. */
const MAX_HEADER_LENGTH = 256;
const SAFE_METHODS = new Set(['GET', 'HEAD']);

export const READ_ONLY_TOKEN_TEXT = 'This API token is read-only: it may make GET and HEAD calls only.';
export const SESSION_ONLY_TEXT =
  'API tokens cannot be used for this call (API tokens, account, password and email changes, sign-out, impersonation and payments). Sign in instead.';

/** Who may call a route: a session or an API token, or a session alone. Read by the OpenAPI document (api-docs.ts). */
export type RouteAuth = 'session-or-token' | 'session';
const routeAuth = Symbol('routeAuth');
type AuthHook = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) & { [routeAuth]: RouteAuth };

/** Which credentials an onRequest hook of this module accepts, or null for any other hook. */
export function authOfHook(hook: unknown): RouteAuth | null {
  return typeof hook === 'function' && routeAuth in hook ? (hook as AuthHook)[routeAuth] : null;
}

async function resolveCaller(context: ServiceContext, header: string): Promise<Caller> {
  if (header.length > MAX_HEADER_LENGTH) throw notAuthenticated();
  const key = SESSION_HEADER.exec(header)?.[1];
  if (key) return authenticate(context, key);
  const token = API_TOKEN_HEADER.exec(header)?.[1];
  if (token) return authenticateApiToken(context, token);
  throw notAuthenticated();
}

/**
 * onRequest hook: resolves `Authorization: Token <key>` (a session) or `Authorization: Bearer
 * pdr_…` (an API token) into request.caller, or refuses with 401. A read-only token may make safe
 * calls only (403 otherwise).
 */
export function requireCaller(context: ServiceContext): AuthHook {
  const hook = async (request: FastifyRequest): Promise<void> => {
    const caller = await resolveCaller(context, request.headers.authorization ?? '');
    if (caller.apiToken?.scope === 'read' && !SAFE_METHODS.has(request.method)) throw forbidden(READ_ONLY_TOKEN_TEXT);
    request.caller = caller;
  };
  return Object.assign(hook, { [routeAuth]: 'session-or-token' as const });
}

/**
 * onRequest hook for what a stolen token must not do — mint tokens, change the account, sign out,
 * impersonate, pay, stream live: a session key only. A valid API token gets 403 saying so.
 */
export function requireSession(context: ServiceContext): AuthHook {
  const hook = async (request: FastifyRequest): Promise<void> => {
    const caller = await resolveCaller(context, request.headers.authorization ?? '');
    if (caller.apiToken) throw forbidden(SESSION_ONLY_TEXT);
    request.caller = caller;
  };
  return Object.assign(hook, { [routeAuth]: 'session' as const });
}

export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw notAuthenticated();
  return request.caller;
}

/** The caller of a route behind requireSession. */
export function sessionCallerOf(request: FastifyRequest): SessionCaller {
  const caller = callerOf(request);
  if (caller.apiToken || caller.sessionId === null) throw forbidden(SESSION_ONLY_TEXT);
  return caller as SessionCaller;
}
