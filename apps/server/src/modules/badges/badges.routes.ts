import { errorBody } from '@paydar/contracts/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../../context';
import { matchesEtag, notModified } from '../../http/conditional';
import { type Badge, newBadgeCaches } from './badge-cache';
import { badgeParams, periodBadgeQuery, statusBadgeQuery } from './badges.schema';
import { getCurrentBadge, getPeriodBadge } from './badges.service';

const tags = ['badges'];
const response = {
  200: { description: 'The badge.', content: { 'image/svg+xml': { schema: z.string() } } },
  ...notModified,
  400: errorBody,
  404: errorBody,
};
/** Shields' own default is a few minutes; one minute keeps a status badge near live and a README cheap. */
const CACHE_CONTROL = 'public, max-age=60';
/**
 * An SVG opened by itself is a document: it may load and run nothing. And it is made to be shown as
 * an image on other sites, so it is the one answer another origin may embed (the others are
 * same-origin, security-headers.ts).
 */
const BADGE_HEADERS = {
  'content-type': 'image/svg+xml; charset=utf-8',
  'cache-control': CACHE_CONTROL,
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *",
  'cross-origin-resource-policy': 'cross-origin',
};

function sendBadge(request: FastifyRequest, reply: FastifyReply, badge: Badge) {
  void reply.headers({ ...BADGE_HEADERS, etag: badge.etag });
  if (matchesEtag(request.headers['if-none-match'], badge.etag)) return reply.code(304).send();
  return reply.send(badge.svg);
}

const description = (what: string) =>
  `${what} as a shields-style SVG, public by the monitor's share token (image/svg+xml). An unknown token is a JSON 404.`;

export function badgesRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    const caches = newBadgeCaches(context);
    app.addHook('onClose', async () => caches.subjects.close());
    const current = [
      {
        kind: 'status',
        operationId: 'getStatusBadge',
        summary: "A monitor's status badge (SVG)",
        what: 'The live state',
      },
      {
        kind: 'certificate',
        operationId: 'getCertificateBadge',
        summary: "A monitor's TLS certificate badge (SVG)",
        what: "Days left of the HTTPS monitor's TLS certificate",
      },
    ] as const;
    for (const { kind, operationId, summary, what } of current) {
      app.get(
        `/api/v1/badges/:token/${kind}.svg`,
        {
          schema: {
            operationId,
            summary,
            tags,
            description: description(what),
            params: badgeParams,
            querystring: statusBadgeQuery,
            response,
          },
        },
        async (request, reply) =>
          sendBadge(request, reply, await getCurrentBadge(context, caches, kind, request.params.token, request.query)),
      );
    }
    for (const kind of ['uptime', 'response-time'] as const) {
      app.get(
        `/api/v1/badges/:token/${kind}.svg`,
        {
          schema: {
            operationId: kind === 'uptime' ? 'getUptimeBadge' : 'getResponseTimeBadge',
            summary: kind === 'uptime' ? "A monitor's uptime badge (SVG)" : "A monitor's response-time badge (SVG)",
            tags,
            description: description(
              kind === 'uptime' ? 'Uptime over the period' : 'The average response time over the period',
            ),
            params: badgeParams,
            querystring: periodBadgeQuery,
            response,
          },
        },
        async (request, reply) =>
          sendBadge(request, reply, await getPeriodBadge(context, caches, kind, request.params.token, request.query)),
      );
    }
  };
}
