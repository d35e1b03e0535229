import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startDnsServer } from '@paydar/checks/test-support/dns-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { IN_PROCESS_WAIT_MS } from '../../../test/loaded-machine';

/**
 * Finding 1 of the hardening issue: a DNS resolver the user picks answers a TXT record holding a
 * NUL byte. Through the real pipeline — the built-in prober checking loopback targets, the
 * agent API's ingest, PostgreSQL — that one answer used to fail every batch of the prober
 * (22P05), so nothing from it was stored for any customer. Now every healthy slot is stored.
 */
const HEALTHY = 50;
let server: TestServer;
let target: http.Server;
let dns: Awaited<ReturnType<typeof startDnsServer>>;

beforeAll(async () => {
  target = http.createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  dns = await startDnsServer([{ name: 'poisoned.test', type: 'TXT', ttl: 60, data: ['v=spf1\u0000 -all'] }]);
  server = await startTestServer({ ALLOW_PRIVATE_TARGETS: 'true' }, { runBuiltinProber: true });
});
afterAll(async () => {
  await server.close();
  await dns.close();
  await new Promise((resolve) => target.close(resolve));
});

describe('a NUL-bearing DNS answer beside healthy monitors on the built-in prober', () => {
  it('stores every healthy slot, and the DNS result cleaned', async () => {
    const user = await buildUser(server);
    await setPlan(server, user.id, 'Enterprise');
    const local = await server.context.db.execute<{ id: number }>(sql`SELECT id FROM probers WHERE is_builtin`);
    const probers = [local.rows[0]?.id];
    const create = async (payload: Record<string, unknown>) => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/monitors/',
        headers: user.headers,
        payload: { period: 15, apdex: 0.5, probers, ...payload },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as number;
    };
    const dnsMonitor = await create({
      protocol_type: 'DNS',
      host: `127.0.0.1:${dns.port}`,
      dns_query_name: 'poisoned.test',
      dns_query_type: 'TXT',
    });
    const port = (target.address() as AddressInfo).port;
    const healthy: number[] = [];
    for (let index = 0; index < HEALTHY; index += 1) {
      healthy.push(await create({ protocol_type: 'HTTP', url: `http://127.0.0.1:${port}/m/${index}` }));
    }

    const storedMonitors = async () => {
      const rows = await server.context.db.execute<{ monitor_id: number }>(
        sql`SELECT DISTINCT monitor_id FROM probe_records`,
      );
      return new Set(rows.rows.map((row) => row.monitor_id));
    };
    // New monitors run within seconds; each has its first slot stored, the poisoned one too.
    await expect
      .poll(async () => (await storedMonitors()).size, { timeout: IN_PROCESS_WAIT_MS, interval: 250 })
      .toBe(HEALTHY + 1);
    expect([...(await storedMonitors())].sort((a, b) => a - b)).toEqual([dnsMonitor, ...healthy].sort((a, b) => a - b));

    const dnsRecord = await server.context.db.execute<{ success: boolean; extra_info: { answers: unknown[] } }>(
      sql`SELECT success, extra_info FROM probe_records WHERE monitor_id = ${dnsMonitor} LIMIT 1`,
    );
    expect(dnsRecord.rows[0]?.success).toBe(true);
    expect(dnsRecord.rows[0]?.extra_info.answers).toEqual([
      { name: 'poisoned.test', type: 'TXT', ttl: 60, data: 'v=spf1 -all' },
    ]);
  });
});
