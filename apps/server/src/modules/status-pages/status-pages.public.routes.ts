import { errorBody } from '@paydar/contracts/common';
import { publicStatusPage, statusPageUnlock, statusPageUnlockInput } from '@paydar/contracts/status-pages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../../context';
import { notModified, sendVersioned } from '../../http/conditional';
import { createPageGateCache } from './status-page-gate-cache';
import {
  PUBLIC_STATUS_PAGE_BY_HOST_PATH,
  PUBLIC_STATUS_PAGES_PATH,
  type PublicRead,
  readPublicPageByHost,
  readPublicPageBySlug,
  unlockPublicPage,
} from './status-pages.public';

const tags = ['status pages (public)'];
const errors = { 400: errorBody, 401: errorBody, 404: errorBody };
const slugParams = z.object({ slug: z.string().min(1).max(64).describe('The page’s slug.') });
const TOKEN_HEADER = 'x-status-page-token';

/** Short for shared caches: a crowd during an outage is served by the CDN, fresh within seconds. */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=15';
export const PROTECTED_PAGE_CACHE_CONTROL = 'private, max-age=15';

/** The access token a visitor of a protected page sends. */
export const tokenOf = (headers: Record<string, unknown>) => {
  const value = headers[TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
};

/** Sends a visitor's answer with its ETag; a protected page's is private to the visitor. */
export function sendPublicRead(
  request: Parameters<typeof sendVersioned>[0],
  reply: Parameters<typeof sendVersioned>[1],
  read: PublicRead,
) {
  void reply.header('vary', 'X-Status-Page-Token');
  return sendVersioned(
    request,
    reply,
    read.answer,
    read.isProtected ? PROTECTED_PAGE_CACHE_CONTROL : PUBLIC_PAGE_CACHE_CONTROL,
  );
}

/** Visitors' routes: no session. */
export function publicStatusPagesRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    const gates = createPageGateCache(context.changes, () => context.now());
    app.addHook('onClose', async () => gates.close());
    app.get(
      `${PUBLIC_STATUS_PAGES_PATH}/:slug`,
      {
        schema: {
          operationId: 'getPublicStatusPage',
          summary: 'A status page for visitors, by slug',
          tags,
          description: 'A status page for visitors, with ETag; a protected one needs the X-Status-Page-Token header.',
          params: slugParams,
          response: { 200: publicStatusPage, ...notModified, ...errors },
        },
      },
      async (request, reply) =>
        sendPublicRead(
          request,
          reply,
          await readPublicPageBySlug(context, gates, request.params.slug, tokenOf(request.headers)),
        ),
    );
    app.get(
      PUBLIC_STATUS_PAGE_BY_HOST_PATH,
      {
        schema: {
          operationId: 'getPublicStatusPageByHost',
          summary: "A status page for visitors, by the request's Host (custom domain)",
          tags,
          description: 'The status page whose custom domain is the request’s Host.',
          response: { 200: publicStatusPage, ...notModified, ...errors },
        },
      },
      async (request, reply) =>
        sendPublicRead(
          request,
          reply,
          await readPublicPageByHost(context, gates, request.hostname, tokenOf(request.headers)),
        ),
    );
    app.post(
      `${PUBLIC_STATUS_PAGES_PATH}/:slug/unlock`,
      {
        schema: {
          operationId: 'unlockPublicStatusPage',
          summary: 'Unlock a protected status page with its password',
          tags,
          params: slugParams,
          body: statusPageUnlockInput,
          response: { 200: statusPageUnlock, ...errors, 409: errorBody, 429: errorBody },
        },
      },
      (request) => unlockPublicPage(context, { slug: request.params.slug }, request.body.password, request.ip),
    );
    app.post(
      `${PUBLIC_STATUS_PAGE_BY_HOST_PATH}/unlock`,
      {
        schema: {
          operationId: 'unlockPublicStatusPageByHost',
          summary: 'Unlock the protected status page of this Host',
          tags,
          description: 'Unlocks the protected page whose custom domain is the request’s Host.',
          body: statusPageUnlockInput,
          response: { 200: statusPageUnlock, ...errors, 409: errorBody, 429: errorBody },
        },
      },
      (request) => unlockPublicPage(context, { host: request.hostname }, request.body.password, request.ip),
    );
  };
}
