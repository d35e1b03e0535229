import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkResult, postResults } from '../../../test/check-results';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addProber } from '../../admin/prober.commands';
import { createMonitor, httpMonitorBody } from '../monitors/monitors.test-support';
import { BADGE_FRESHNESS_MS } from './badge-cache';

let server: TestServer;
let owner: BuiltUser;
let proberId = 0;
let proberKey = '';

beforeAll(async () => {
  server = await startTestServer();
  owner = await buildUser(server);
  await setPlan(server, owner.id, 'Gold');
  const output = await addProber(server.context, 'badge-cache', { country: 'DE' });
  proberKey = output.split('\n')[1] ?? '';
  proberId = Number(/id (\d+)/.exec(output)?.[1]);
});
afterAll(() => server.close());

async function newMonitor(): Promise<{ id: number; token: string }> {
  const response = await createMonitor(server, owner, httpMonitorBody(proberId, { period: 60, probers: [proberId] }));
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; token: string };
}

const messageOf = (svg: string) => /<title>([^<]*)<\/title>/.exec(svg)?.[1];

/** The badge's message, and how many statements the request sent to PostgreSQL. */
async function badge(url: string): Promise<{ message: string | undefined; queries: number }> {
  // Drizzle sends every statement through the pool's query (node-postgres); its type hides the pool.
  const pool = (server.context.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = vi.spyOn(pool, 'query');
  try {
    const response = await server.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return { message: messageOf(response.body), queries: query.mock.calls.length };
  } finally {
    query.mockRestore();
  }
}

describe('badges are kept in memory', () => {
  it('answers a repeat without a query, and a new check or a new bucket with fresh figures', async () => {
    const monitor = await newMonitor();
    const url = `/api/v1/badges/${monitor.token}/status.svg`;
    const first = await badge(url);
    expect(first).toMatchObject({ message: 'status: no data' });
    expect(first.queries).toBeGreaterThan(0);
    expect(await badge(url)).toEqual({ message: 'status: no data', queries: 0 });

    const posted = await postResults(server, proberKey, [checkResult(monitor.id, Date.now() - 1000, true)]);
    expect(posted.json().accepted).toBe(1);
    const afterCheck = await badge(url);
    expect(afterCheck.message).toBe('status: up');
    expect(afterCheck.queries).toBeGreaterThan(0);
    expect(await badge(url)).toEqual({ message: 'status: up', queries: 0 });

    // Another label or period is another badge; the clock turning the bucket computes it again.
    expect((await badge(`${url}?label=state`)).queries).toBeGreaterThan(0);
    const uptimeUrl = `/api/v1/badges/${monitor.token}/uptime.svg?period=7d`;
    expect((await badge(uptimeUrl)).queries).toBeGreaterThan(0);
    expect((await badge(uptimeUrl)).queries).toBe(0);
    server.clock.offsetMs += BADGE_FRESHNESS_MS;
    try {
      expect((await badge(uptimeUrl)).queries).toBeGreaterThan(0);
    } finally {
      server.clock.offsetMs -= BADGE_FRESHNESS_MS;
    }
  });

  it("never serves a token's old monitor once the token names another", async () => {
    const [checked, unchecked] = [await newMonitor(), await newMonitor()];
    expect(
      (await postResults(server, proberKey, [checkResult(checked.id, Date.now() - 1000, true)])).json(),
    ).toMatchObject({ accepted: 1 });
    const url = `/api/v1/badges/${checked.token}/status.svg`;
    expect((await badge(url)).message).toBe('status: up');
    expect((await badge(url)).queries).toBe(0);

    // The token moves to the monitor that has no check yet.
    await server.context.db.execute(sql`UPDATE monitors SET token = ${crypto.randomUUID()} WHERE id = ${checked.id}`);
    await server.context.db.execute(sql`UPDATE monitors SET token = ${checked.token} WHERE id = ${unchecked.id}`);
    expect((await badge(url)).message).toBe('status: no data');
  });
});
