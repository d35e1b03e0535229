import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { IN_PROCESS_WAIT_MS } from '../../../test/loaded-machine';
import { standaloneAgents } from '../../../test/standalone-agents';

/**
 * Issue 13, point 2, with real standalone agents: an ICMP monitor of 127.0.0.1 checked by an agent
 * whose `ping` is missing (its PING_PATH names nothing) is not the target's downtime — its failures
 * show on the prober's health — and an agent that has ping finds the monitor up.
 */
let server: TestServer;
let serverUrl: string;
let owner: BuiltUser;
let agents: ReturnType<typeof standaloneAgents>;

beforeAll(async () => {
  server = await startTestServer({ ALLOW_PRIVATE_TARGETS: 'true' });
  owner = await buildUser(server);
  await setPlan(server, owner.id, 'Gold');
  serverUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  agents = standaloneAgents(server.context, serverUrl);
});

afterAll(async () => {
  await agents?.stop();
  server.app.server.closeAllConnections();
  await server.close();
});

const icmpMonitor = (probers: number[]) => ({
  protocol_type: 'ICMP',
  host: '127.0.0.1',
  period: 15,
  apdex: 0.5,
  probers,
});

async function healthOf(proberId: number) {
  const listed = await server.app.inject({ method: 'GET', url: '/api/v1/probers/', headers: owner.headers });
  return listed.json().results.find((prober: { id: number }) => prober.id === proberId)?.health;
}

async function metricOf(monitorId: number) {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/v1/monitors/${monitorId}/metric?cache=False`,
    headers: owner.headers,
  });
  return response.json();
}

const downtimeCount = async (monitorId: number) =>
  (
    await server.context.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM downtimes WHERE monitor_id = ${monitorId}`,
    )
  ).rows[0]?.n;

describe('an ICMP monitor on a standalone agent without ping', () => {
  let monitorId: number;
  let withoutPing: number;

  it("is not down: the failures are the prober's, shown in its health", async () => {
    withoutPing = await agents.start('No-ping', { pingPath: path.join(os.tmpdir(), 'paydar-no-such-dir', 'ping') });
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/monitors/',
      headers: owner.headers,
      payload: icmpMonitor([withoutPing]),
    });
    expect(created.statusCode).toBe(201);
    monitorId = created.json().id as number;
    // Its first check within seconds of the change, the next one a 15 s period later.
    await vi.waitFor(async () => expect((await healthOf(withoutPing))?.prober_failures).toBeGreaterThanOrEqual(2), {
      timeout: IN_PROCESS_WAIT_MS,
      interval: 500,
    });
    const health = await healthOf(withoutPing);
    expect(health.checks).toBe(health.prober_failures);
    const metric = await metricOf(monitorId);
    expect(metric.is_down).toBe(false);
    // No verdict of the target yet: unknown, or 100 — never the 0 % of a host called down.
    expect([null, 100]).toContain(metric.uptime_percent);
    expect(await downtimeCount(monitorId)).toBe(0);
  });

  it('is up once a second agent that has ping checks it too', async () => {
    const withPing = await agents.start('With-ping', { pingPath: '/usr/bin/ping' });
    const edited = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/monitors/${monitorId}/`,
      headers: owner.headers,
      payload: icmpMonitor([withoutPing, withPing]),
    });
    expect(edited.statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        const stored = await server.context.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM probe_records WHERE monitor_id = ${monitorId} AND prober_id = ${withPing} AND success`,
        );
        expect(stored.rows[0]?.n).toBeGreaterThanOrEqual(1);
      },
      { timeout: IN_PROCESS_WAIT_MS, interval: 500 },
    );
    // Its uptime counts from that first verdict, in whole seconds: null until one has passed.
    await vi.waitFor(
      async () => expect(await metricOf(monitorId)).toMatchObject({ is_down: false, uptime_percent: 100 }),
      { timeout: IN_PROCESS_WAIT_MS, interval: 250 },
    );
    expect(await downtimeCount(monitorId)).toBe(0);
    // Only the agent without ping is blamed.
    expect((await healthOf(withPing))?.prober_failures).toBe(0);
  });
});
