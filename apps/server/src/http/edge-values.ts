import { findUnsafeValue } from '@paydar/contracts/edge-values';
import type { FastifyInstance } from 'fastify';
import { invalidField } from '../errors';

/**
 * CONVENTIONS.md §13 at the HTTP edge, for every route at once: a path parameter, query value or
 * body string (or key) holding NUL, another control character or a lone surrogate, or a number
 * JSON turned into Infinity, is refused with its field named before any schema or handler sees
 * it. Routes without a schema (the web app, /config.json) and routes added later get it too.
 * Register before the routes: a hook covers only what is registered after it.
 */
export function registerEdgeValueRule(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const body = request.routeOptions.config.bodyCheckedPerItem ? undefined : request.body;
    const unsafe = findUnsafeValue(request.params) ?? findUnsafeValue(request.query) ?? findUnsafeValue(body);
    if (unsafe) throw invalidField(unsafe.field, unsafe.message);
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The body is a batch whose items the route validates one by one with the same rule (the
     * agent's results): one bad item is refused alone rather than failing the whole batch.
     */
    bodyCheckedPerItem?: boolean;
  }
}
