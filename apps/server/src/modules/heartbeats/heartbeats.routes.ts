import { errorBody } from '@paydar/contracts/common';
import { monitor } from '@paydar/contracts/monitors';
import { pathId } from '@paydar/contracts/path-ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../../context';
import { callerOf, requireCaller } from '../../http/authentication';
import { regeneratePingToken } from './heartbeats.service';
import { type PingKind, receivePing } from './ping.service';
import { acceptAnyPingBody } from './ping-body';

const tags = ['heartbeats'];
const pingParams = z.object({ token: z.string().max(200) });
const pingResponse = {
  200: {
    description: '`OK`: the ping was taken (or ignored: the monitor is paused).',
    content: { 'text/plain': { schema: z.string() } },
  },
  404: errorBody,
  413: errorBody,
  429: errorBody,
};
const KINDS: Array<{ suffix: string; kind: PingKind; operationId: string; summary: string }> = [
  { suffix: '', kind: 'success', operationId: 'pingHeartbeat', summary: 'Heartbeat ping: the job succeeded' },
  { suffix: '/start', kind: 'start', operationId: 'pingHeartbeatStart', summary: 'Heartbeat ping: the job started' },
  { suffix: '/fail', kind: 'fail', operationId: 'pingHeartbeatFail', summary: 'Heartbeat ping: the job failed' },
];
const byId = z.object({ id: pathId() });

/**
 * `/ping/{token}[/start|/fail]` (GET, POST; HEAD as GET, since Fastify answers HEAD for every GET
 * — a ping by `curl -I` counts), no credential but the token; and the owner's regeneration of it.
 */
export function heartbeatsRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(async (pings) => {
      acceptAnyPingBody(pings);
      for (const { suffix, kind, operationId, summary } of KINDS) {
        for (const method of ['GET', 'POST'] as const) {
          pings.route({
            method,
            url: `/ping/:token${suffix}`,
            schema: {
              // GET is the name; POST, the same ping for clients that can only POST, says so.
              operationId: method === 'GET' ? operationId : `${operationId}ByPost`,
              summary: `${summary} (${method})`,
              description:
                "No authentication: the secret token in the URL is the credential. The body (any type, up to 10 MiB) is ignored but for its first 1,000 characters, kept as the last ping's note. At most 60 pings a minute per URL.",
              tags,
              params: pingParams,
              response: pingResponse,
            },
            handler: async (request, reply) => {
              const { token } = request.params as z.infer<typeof pingParams>;
              await receivePing(context, token, kind, request.body as Buffer | undefined);
              return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('OK');
            },
          });
        }
      }
    });
    app.post(
      '/api/v1/monitors/:id/ping-token/',
      {
        onRequest: requireCaller(context),
        schema: {
          operationId: 'replaceHeartbeatPingToken',
          summary: "Replace a heartbeat's ping URL",
          description:
            'Makes a new secret ping URL (answered once, as `ping_url`); the old one stops working at once. Heartbeat monitors only.',
          tags: ['monitors'],
          params: byId,
          response: { 200: monitor, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
        },
      },
      (request) => regeneratePingToken(context, callerOf(request), request.params.id),
    );
  };
}
