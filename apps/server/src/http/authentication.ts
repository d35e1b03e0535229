import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller, ServiceContext } from '../context';
import { notAuthenticated } from '../errors';
import { authenticate } from '../modules/accounts/session.service';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

const TOKEN_HEADER = /^Token\s+(\S+)$/i;

/** onRequest hook: resolves `Authorization: Token <key>` into request.caller, or refuses with 401. */
export function requireCaller(context: ServiceContext) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization ?? '';
    const key = TOKEN_HEADER.exec(header)?.[1];
    if (!key || key.length > 200) throw notAuthenticated();
    request.caller = await authenticate(context, key);
  };
}

export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw notAuthenticated();
  return request.caller;
}
