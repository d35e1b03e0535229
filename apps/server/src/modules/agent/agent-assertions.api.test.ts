import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { runCheck } from '@paydar/checks/check';
import type { CheckSpec } from '@paydar/contracts/agent';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addProber } from '../../admin/prober.commands';
import { downtimes, monitorEvents } from '../../db/schema/index';

/**
 * A failed assertion, end to end: the assignment carries it to the prober, the real check fails it
 * against a loopback target, ingest opens a downtime whose reason names it, and the metric (the
 * monitor detail) and the 'down' event (the alerts) say so.
 */
let server: TestServer;
let target: http.Server;
let targetUrl: string;
let owner: BuiltUser;
let proberKey: string;

beforeAll(async () => {
  target = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Internal Error</h1>');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
  server = await startTestServer({ ALLOW_PRIVATE_TARGETS: 'true' });
  owner = await buildUser(server);
  await setPlan(server, owner.id, 'Gold');
  proberKey = (await addProber(server.context, 'Assert-agent', { country: 'DE' })).split('\n')[1] ?? '';
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => target.close(resolve));
});

const agentHeaders = () => ({ authorization: `Prober ${proberKey}` });

async function assignedSpec(monitorId: number): Promise<CheckSpec> {
  const response = await server.app.inject({
    method: 'GET',
    url: '/api/agent/v1/assignments?version=0&wait=0',
    headers: agentHeaders(),
  });
  expect(response.statusCode).toBe(200);
  const spec = (response.json().monitors as CheckSpec[]).find((item) => item.monitor_id === monitorId);
  if (!spec) throw new Error('the monitor was not assigned');
  return spec;
}

describe('a failed assertion through ingest', () => {
  it('opens a downtime whose reason names the assertion, shown in the metric and the down event', async () => {
    const monitorId = await createMonitor({
      http_accepted_statuses: '200-299',
      http_assertions: [{ type: 'keyword', mode: 'absent', value: 'Error' }],
      timeout: 10,
    });

    const spec = await assignedSpec(monitorId);
    expect(spec.timeout_ms).toBe(10_000);
    expect(spec.http).toMatchObject({
      accepted_statuses: [[200, 299]],
      assertions: [{ type: 'keyword', mode: 'absent', value: 'Error', case_sensitive: false }],
      max_redirects: 5,
    });

    // One prober: two failures in a row make a downtime.
    const start = Math.floor((Date.now() - 600_000) / 60_000) * 60_000;
    const results = [];
    for (const slot of [0, 1]) {
      results.push(await runCheck(spec, { scheduledAt: new Date(start + slot * 60_000), allowPrivateTargets: true }));
    }
    expect(results[0]).toMatchObject({ success: false, status_code: 200, error: 'Keyword "Error" found' });
    const posted = await server.app.inject({
      method: 'POST',
      url: '/api/agent/v1/results',
      headers: agentHeaders(),
      payload: { results },
    });
    expect(posted.json()).toMatchObject({ accepted: 2, refused: 0 });

    const [downtime] = await server.context.db.select().from(downtimes).where(eq(downtimes.monitorId, monitorId));
    expect(downtime).toMatchObject({ reason: 'Keyword "Error" found', toTime: null });
    const [down] = await server.context.db
      .select()
      .from(monitorEvents)
      .where(
        and(eq(monitorEvents.monitorId, monitorId), eq(monitorEvents.kind, 'down'), eq(monitorEvents.origin, 'ingest')),
      );
    expect(down?.reason).toBe('Keyword "Error" found');

    const metric = await server.app.inject({
      method: 'GET',
      url: `/api/v1/monitors/${monitorId}/metric`,
      headers: owner.headers,
    });
    expect(metric.json().downtimes).toEqual([expect.objectContaining({ reason: 'Keyword "Error" found' })]);
    // The public share view leaves the reason out: it may quote the owner's assertions.
    const token = (
      await server.app.inject({ method: 'GET', url: `/api/v1/monitors/${monitorId}/`, headers: owner.headers })
    ).json().token as string;
    const shared = await server.app.inject({ method: 'GET', url: `/api/v1/monitors/symlink/${token}/metric` });
    expect(shared.statusCode).toBe(200);
    expect(shared.json().metric.downtimes).toEqual([expect.objectContaining({ reason: null })]);
    expect(shared.json().monitor).not.toHaveProperty('http_assertions');
  });

  it('sends a monitor on the defaults as before (no accepted_statuses or assertions), and redirects off as 0', async () => {
    const plain = await createMonitor({});
    const plainSpec = await assignedSpec(plain);
    expect(plainSpec.http).toEqual({ method: 'GET', headers: [], body: null, max_redirects: 5 });
    expect(plainSpec.timeout_ms).toBe(30_000);
    const noRedirects = await createMonitor({ http_follow_redirects: false, period: 15 });
    const spec = await assignedSpec(noRedirects);
    expect(spec.http?.max_redirects).toBe(0);
    expect(spec.timeout_ms).toBe(15_000);
  });
});

async function createMonitor(overrides: Record<string, unknown>): Promise<number> {
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/v1/monitors/',
    headers: owner.headers,
    payload: { url: targetUrl, period: 60, apdex: 0.5, probers: [await proberId()], ...overrides },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as number;
}

async function proberId(): Promise<number> {
  const listed = await server.app.inject({ method: 'GET', url: '/api/v1/probers/', headers: owner.headers });
  return listed.json().results.find((prober: { name: string }) => prober.name === 'Assert-agent').id as number;
}
