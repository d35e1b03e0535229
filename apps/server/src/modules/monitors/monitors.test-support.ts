import { eq } from 'drizzle-orm';
import type { BuiltUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { probers } from '../../db/schema/index';

/** What the monitor API tests share: a server and its built-in prober, a valid body, the two calls. */

/** A test server and the id of its built-in prober ('Local'), which every monitor body names. */
export async function startMonitorApi(): Promise<{ server: TestServer; localProberId: number }> {
  const server = await startTestServer();
  const [local] = await server.context.db.select().from(probers).where(eq(probers.name, 'Local'));
  return { server, localProberId: local?.id ?? 0 };
}

/** A valid HTTP monitor body on the built-in prober, with `overrides`. */
export const httpMonitorBody = (localProberId: number, overrides: Record<string, unknown> = {}) => ({
  protocol_type: 'HTTP',
  url: '93.184.216.34/health',
  period: 300,
  apdex: 0.5,
  probers: [localProberId],
  ...overrides,
});

export const createMonitor = (server: TestServer, user: BuiltUser, body: unknown) =>
  server.app.inject({ method: 'POST', url: '/api/v1/monitors/', headers: user.headers, payload: body as object });

export const monitorRequest = (
  server: TestServer,
  user: BuiltUser,
  method: 'GET' | 'PUT' | 'DELETE',
  id: number,
  body?: unknown,
) =>
  server.app.inject({
    method,
    url: `/api/v1/monitors/${id}/`,
    headers: user.headers,
    ...(body ? { payload: body as object } : {}),
  });
