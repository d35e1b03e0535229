import { expect } from 'vitest';
import { addProber } from '../src/admin/prober.commands';
import type { BuiltUser } from './factories';
import type { TestServer } from './harness';

/** A prober added as an operator adds one (`admin prober add`): its id and the key it sends results with. */
export async function addResultsProber(server: TestServer, name: string, country = 'DE') {
  const output = await addProber(server.context, name, { country });
  return { id: Number(/id (\d+)/.exec(output)?.[1]), key: output.split('\n')[1] ?? '' };
}

/** An HTTP monitor of `user` on `probers`, as the web creates one (checked to be created): its id and share token. */
export async function createHttpMonitor(
  server: TestServer,
  user: BuiltUser,
  probers: number[],
  fields: Record<string, unknown> = {},
): Promise<{ id: number; token: string }> {
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/v1/monitors/',
    headers: user.headers,
    payload: { protocol_type: 'HTTP', url: 'http://93.184.216.34/', period: 15, apdex: 0.5, probers, ...fields },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { id: number; token: string };
}
