import type { FastifyInstance } from 'fastify';

/**
 * One check result as an agent sends it (`POST /api/agent/v1/results`): 200 or 503 at `time`
 * (epoch ms), its response phase and duration as given.
 */
export const checkResult = (
  monitorId: number,
  time: number,
  success: boolean,
  timing: { response: number; duration: number } = { response: 95, duration: 100 },
) => ({
  monitor_id: monitorId,
  time: new Date(time).toISOString(),
  success,
  status_code: success ? 200 : 503,
  error: success ? null : 'HTTP 503 Service Unavailable',
  phases: { resolve: 1, connect: 2, tls: null, ...timing },
  extra_info: {},
});

/** Sends results as the prober with `proberKey` does: `POST /api/agent/v1/results`. */
export const postResults = (server: { app: FastifyInstance }, proberKey: string | undefined, results: unknown[]) =>
  server.app.inject({
    method: 'POST',
    url: '/api/agent/v1/results',
    headers: { authorization: `Prober ${proberKey}` },
    payload: { results },
  });
