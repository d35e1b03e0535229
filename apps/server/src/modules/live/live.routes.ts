import fastifySse from '@fastify/sse';
import { errorBody } from '@paydar/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../../context';
import { requireSession, sessionCallerOf } from '../../http/authentication';
import { sessionDeadlines } from '../accounts/session.service';
import { parseLastEventId, streamSharedMonitor, streamUserMonitors } from './live.service';
import { createLiveHub } from './live-hub';
import { passThrough, sseWriter } from './sse-writer';

/** A comment this often keeps proxies from closing an idle stream; the only timer a stream has. */
export const HEARTBEAT_INTERVAL_MS = 25_000;

const tags = ['live'];
const stream = {
  description: 'Server-Sent Events: `monitor`, `removed`, `ready` and `reset` events (contracts/live).',
  content: { 'text/event-stream': { schema: z.string() } },
};
const sharedParams = z.object({ token: z.string().min(1).max(200) });

/** The live streams (issue 15): signed-in dashboards and shared pages, over Server-Sent Events. */
export function liveRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fastifySse, { heartbeatInterval: HEARTBEAT_INTERVAL_MS });
    const hub = createLiveHub({
      db: context.db,
      changes: context.changes,
      logger: app.log,
      sessionDeadlines: (ids) => sessionDeadlines(context, ids),
      now: () => context.now().getTime(),
    });
    // Before the server waits for its connections to end: open streams would keep it waiting.
    app.addHook('preClose', async () => hub.stop());
    const sse = { kind: 'only', serializer: passThrough } as const;

    app.get(
      '/api/v1/live/',
      {
        sse,
        onRequest: requireSession(context),
        schema: {
          operationId: 'streamLiveChanges',
          summary: "Live changes of the user's monitors (Server-Sent Events)",
          tags,
          response: { 200: stream, 401: errorBody, 406: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        const lastEventId = parseLastEventId(request.headers['last-event-id']);
        await streamUserMonitors(context, hub, sessionCallerOf(request), lastEventId, sseWriter(reply));
      },
    );
    app.get(
      '/api/v1/live/shared/:token',
      {
        sse,
        schema: {
          operationId: 'streamSharedMonitorChanges',
          summary: 'Live changes of a shared monitor (Server-Sent Events)',
          tags,
          params: sharedParams,
          response: { 200: stream, 404: errorBody, 406: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        const lastEventId = parseLastEventId(request.headers['last-event-id']);
        await streamSharedMonitor(context, hub, request.params.token, lastEventId, sseWriter(reply));
      },
    );
  };
}
