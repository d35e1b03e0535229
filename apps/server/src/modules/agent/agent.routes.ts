import { assignmentsQuery, assignmentsResponse, resultsBody, resultsResponse } from '@paydar/contracts/agent-api';
import { errorBody } from '@paydar/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../../context';
import { AppError } from '../../errors';
import type { ProberRow } from '../probers/probers.repository';
import { authenticateProber, pollAssignments, reportResults } from './agent.service';

declare module 'fastify' {
  interface FastifyRequest {
    prober: ProberRow | null;
  }
}

const PROBER_HEADER = /^Prober\s+(\S+)$/i;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
/** The document's `prober` scheme (http/api-docs.ts): the hook below checks it for every route of this plugin. */
const security = [{ prober: [] }];

/** The agent protocol (packages/contracts/src/agent-api.ts): agents authenticate with `Prober <key>`. */
export function agentRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.decorateRequest('prober', null);
    app.addHook('onRequest', async (request) => {
      const key = PROBER_HEADER.exec(request.headers.authorization ?? '')?.[1];
      if (!key) throw new AppError('NOT_AUTHENTICATED', 'Send Authorization: Prober <key>.');
      request.prober = await authenticateProber(context, key);
    });
    const proberOf = (request: { prober: ProberRow | null }) => request.prober as ProberRow;

    app.get(
      '/api/agent/v1/assignments',
      {
        schema: {
          operationId: 'pollProberAssignments',
          security,
          summary: "Prober: the monitors it must check (ETag'd)",
          tags: ['agent'],
          querystring: assignmentsQuery,
          response: { 200: assignmentsResponse, 204: z.null().describe('No change within the wait'), ...errors },
        },
      },
      async (request, reply) => {
        const aborted = new AbortController();
        request.raw.on('close', () => aborted.abort());
        const assignments = await pollAssignments(
          context,
          context.assignmentNotifier,
          proberOf(request).id,
          request.query.version,
          request.query.wait * 1000,
          aborted.signal,
          request.query.recheck_after,
        );
        if (!assignments) return reply.status(204).send(null);
        return assignments;
      },
    );
    app.post(
      '/api/agent/v1/results',
      {
        // Each result passes the edge rule on its own (result-validation.ts): one bad one never fails the batch.
        config: { bodyCheckedPerItem: true },
        schema: {
          operationId: 'reportProberResults',
          security,
          summary: 'Prober: report a batch of check results',
          tags: ['agent'],
          body: resultsBody,
          response: { 200: resultsResponse, ...errors },
        },
      },
      async (request) => {
        const outcome = await reportResults(context, proberOf(request), request.body.results, request.log);
        if (outcome.refused) {
          request.log.warn({ refused: outcome.refused, refusals: outcome.refusals }, 'refused invalid results');
        }
        return outcome;
      },
    );
  };
}
