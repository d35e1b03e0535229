import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heard } from '../../../test/change-feed';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startReplica, startTestServer, type TestServer } from '../../../test/harness';
import { addProber } from '../../admin/prober.commands';

// Two replicas on one database, each keeping whole lists in memory (monitor-list-cache.ts).
let a: TestServer;
let b: TestServer;
let owner: BuiltUser;
let stranger: BuiltUser;
let monitorId = 0;
let proberId = 0;

interface Listed {
  id: number;
  last_status_code?: number | null;
  is_flapping?: boolean;
}

const list = (server: TestServer, user: BuiltUser, etag?: string) =>
  server.app.inject({
    method: 'GET',
    url: '/api/v1/monitors/',
    headers: { ...user.headers, ...(etag ? { 'if-none-match': etag } : {}) },
  });
const listed = async (server: TestServer, user: BuiltUser) => (await list(server, user)).json().results as Listed[];

async function addMonitor(server: TestServer, user: BuiltUser, url: string): Promise<number> {
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/v1/monitors/',
    headers: user.headers,
    payload: { protocol_type: 'HTTP', url, period: 60, apdex: 0.5, probers: [proberId] },
  });
  expect(created.statusCode).toBe(201);
  return created.json().id as number;
}

beforeAll(async () => {
  a = await startTestServer();
  b = await startReplica(a);
  [owner, stranger] = await Promise.all([buildUser(a), buildUser(a)]);
  await setPlan(a, owner.id, 'Gold');
  proberId = Number(/id (\d+)/.exec(await addProber(a.context, 'list-cache', { country: 'DE' }))?.[1]);
  monitorId = await addMonitor(a, owner, 'http://93.184.216.34/first');
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('the whole monitor list kept in memory', () => {
  it('answers the same ETag on both replicas, and 304 to a browser that holds it', async () => {
    const onA = await list(a, owner);
    const onB = await list(b, owner);
    expect([onA.statusCode, onB.statusCode]).toEqual([200, 200]);
    expect(onA.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(onB.headers.etag).toBe(onA.headers.etag);
    expect(onA.headers['cache-control']).toBe('private, no-cache');
    expect(String(onA.headers.vary)).toContain('Authorization');
    expect(onB.body).toBe(onA.body);
    for (const server of [a, b]) {
      const again = await list(server, owner, onA.headers.etag as string);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it('shows a changed status at once on the replica that wrote it, and on the other when told', async () => {
    const before = await list(b, owner);
    const told = heard(b, 'monitor', monitorId);
    await a.context.db.execute(sql`UPDATE monitor_states SET last_status_code = 503 WHERE monitor_id = ${monitorId}`);
    expect((await listed(a, owner)).find((row) => row.id === monitorId)?.last_status_code).toBe(503);
    await told;
    const after = await list(b, owner);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((after.json().results as Listed[]).find((row) => row.id === monitorId)?.last_status_code).toBe(503);
    expect((await list(b, owner, before.headers.etag as string)).statusCode).toBe(200);
  });

  it('shows a monitor added or removed at once where it was done, and on the other replica when told', async () => {
    for (const server of [a, b]) await listed(server, owner);
    const toldAdded = heard(b, 'owner', owner.id);
    const added = await addMonitor(a, owner, 'http://93.184.216.34/second');
    expect((await listed(a, owner)).map((row) => row.id)).toEqual([added, monitorId]);
    await toldAdded;
    expect((await listed(b, owner)).map((row) => row.id)).toEqual([added, monitorId]);

    const toldRemoved = heard(b, 'owner', owner.id);
    const removed = await a.app.inject({ method: 'DELETE', url: `/api/v1/monitors/${added}/`, headers: owner.headers });
    expect(removed.statusCode).toBeLessThan(300);
    expect((await listed(a, owner)).map((row) => row.id)).toEqual([monitorId]);
    await toldRemoved;
    expect((await listed(b, owner)).map((row) => row.id)).toEqual([monitorId]);
  });

  it('shows a flapping flag turned by the alert rules, which leave the state row alone', async () => {
    await a.context.db.execute(
      sql`INSERT INTO monitor_alert_states (monitor_id, state, is_flapping) VALUES (${monitorId}, '{}', false)`,
    );
    for (const server of [a, b]) expect((await listed(server, owner))[0]?.is_flapping ?? false).toBe(false);
    const told = heard(b, 'monitor', monitorId);
    await a.context.db.execute(sql`UPDATE monitor_alert_states SET is_flapping = true WHERE monitor_id = ${monitorId}`);
    expect((await listed(a, owner))[0]?.is_flapping).toBe(true);
    await told;
    expect((await listed(b, owner))[0]?.is_flapping).toBe(true);
  });

  it("is never another user's: the stranger gets their own list, also when sending the owner's ETag", async () => {
    for (const server of [a, b]) {
      const mine = await list(server, owner);
      expect((mine.json().results as Listed[]).length).toBe(1);
      const theirs = await list(server, stranger, mine.headers.etag as string);
      expect(theirs.statusCode).toBe(200);
      expect(theirs.headers.etag).not.toBe(mine.headers.etag);
      expect(theirs.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    }
  });
});
