import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { IN_PROCESS_WAIT_MS } from '../../../test/loaded-machine';
import { monitorStates, probers } from '../../db/schema/index';

let server: TestServer;
let target: http.Server;
let targetUrl: string;
let hits = 0;

beforeAll(async () => {
  target = http.createServer((_request, response) => {
    hits += 1;
    response.end('ok');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/health`;
  server = await startTestServer({ ALLOW_PRIVATE_TARGETS: 'true' }, { runBuiltinProber: true });
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => target.close(resolve));
});

describe('the built-in prober', () => {
  it('checks a new monitor at once, not at its slot, and stores the result, and is shown as active', async () => {
    const user = await buildUser(server);
    const [local] = await server.context.db.select().from(probers).where(eq(probers.name, 'Local'));
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/monitors/',
      headers: user.headers,
      // Every 5 minutes: its first slot is most likely past the 25 s the check is waited for, so a
      // check within it is the at-once check of a new monitor (a slot that happens to come first
      // passes too, never fails it), however slow the machine.
      payload: { protocol_type: 'HTTP', url: targetUrl, period: 300, apdex: 0.5, probers: [local?.id] },
    });
    expect(created.statusCode).toBe(201);
    const monitorId = created.json().id as number;
    await expect
      .poll(
        async () =>
          (await server.context.db.select().from(monitorStates).where(eq(monitorStates.monitorId, monitorId)))[0]
            ?.lastStatusCode ?? null,
        { timeout: IN_PROCESS_WAIT_MS, interval: 100 },
      )
      .toBe(200);
    expect(hits).toBeGreaterThanOrEqual(1);

    const listed = await server.app.inject({ method: 'GET', url: '/api/v1/probers/', headers: user.headers });
    expect(listed.json().results.find((prober: { name: string }) => prober.name === 'Local')).toMatchObject({
      is_active: true,
    });
  });
});
