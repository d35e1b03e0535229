import { formatDayParam } from '@paydar/domain/history';
import { DAY_MS, utcDayStart } from '@paydar/domain/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heard } from '../../../test/change-feed';
import { checkResult } from '../../../test/check-results';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startReplica, startTestServer, type TestServer } from '../../../test/harness';
import { addProber } from '../../admin/prober.commands';

// Two replicas on one database, each keeping metric subjects in memory (metric-subject-cache.ts).
let a: TestServer;
let b: TestServer;
let owner: BuiltUser;
let stranger: BuiltUser;
let proberKey = '';
let monitorId = 0;
let token = '';

function ingest(server: TestServer, time: number, success: boolean) {
  return server.app.inject({
    method: 'POST',
    url: '/api/agent/v1/results',
    headers: { authorization: `Prober ${proberKey}` },
    payload: {
      results: [checkResult(monitorId, time, success, { response: 90, duration: 100 })],
    },
  });
}

const get = (server: TestServer, url: string, user: BuiltUser | null) =>
  server.app.inject({ method: 'GET', url, headers: user ? user.headers : {} });
const todayUrl = () => `/api/v1/monitors/${monitorId}/metric`;
const daysAgoUrl = (days: number) =>
  `/api/v1/monitors/${monitorId}/metric?day=${formatDayParam(utcDayStart(Date.now()) - days * DAY_MS)}`;
const shareUrl = () => `/api/v1/monitors/symlink/${token}/metric`;

beforeAll(async () => {
  a = await startTestServer();
  b = await startReplica(a);
  [owner, stranger] = await Promise.all([buildUser(a), buildUser(a)]);
  await setPlan(a, owner.id, 'Gold');
  const output = await addProber(a.context, 'subject-cache', { country: 'DE' });
  proberKey = output.split('\n')[1] ?? '';
  const proberId = Number(/id (\d+)/.exec(output)?.[1]);
  const created = await a.app.inject({
    method: 'POST',
    url: '/api/v1/monitors/',
    headers: owner.headers,
    payload: { protocol_type: 'HTTP', url: 'http://93.184.216.34/', period: 15, apdex: 0.5, probers: [proberId] },
  });
  ({ id: monitorId, token } = created.json() as { id: number; token: string });
  await a.context.db.execute(sql`UPDATE monitors SET created_at = now() - interval '60 days' WHERE id = ${monitorId}`);
  expect((await ingest(a, Date.now() - 60_000, true)).json().accepted).toBe(1);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('a metric subject kept in memory', () => {
  it('changes with a new check at once on the replica that ingested it, and on the other when told', async () => {
    const onA = await get(a, todayUrl(), owner);
    const onB = await get(b, todayUrl(), owner);
    const sharedOnB = await get(b, shareUrl(), null);
    expect([onA.statusCode, onB.statusCode, sharedOnB.statusCode]).toEqual([200, 200, 200]);
    expect(onB.headers.etag).toBe(onA.headers.etag);

    const told = heard(b, 'monitor', monitorId);
    expect((await ingest(a, Date.now() - 1_000, false)).json().accepted).toBe(1);
    const afterOnA = await get(a, todayUrl(), owner);
    expect(afterOnA.headers.etag).not.toBe(onA.headers.etag);
    expect(afterOnA.json().last_check_at).not.toBe(onA.json().last_check_at);
    expect(afterOnA.json().last_status_code).toBe(503);

    await told;
    const afterOnB = await get(b, todayUrl(), owner);
    expect(afterOnB.headers.etag).toBe(afterOnA.headers.etag);
    expect(afterOnB.json().last_status_code).toBe(503);
    const sharedAfter = await get(b, shareUrl(), null);
    expect(sharedAfter.headers.etag).not.toBe(sharedOnB.headers.etag);
    expect(sharedAfter.json().metric.last_status_code).toBe(503);
  });

  it("is never another user's: 404 on both replicas while the owner's is kept", async () => {
    for (const server of [a, b]) {
      expect((await get(server, todayUrl(), owner)).statusCode).toBe(200);
      expect((await get(server, todayUrl(), stranger)).statusCode).toBe(404);
      expect((await get(server, todayUrl(), owner)).statusCode).toBe(200);
    }
  });

  it("follows the owner's plan: a day past the new plan's history is refused on both replicas", async () => {
    for (const server of [a, b]) expect((await get(server, daysAgoUrl(20), owner)).statusCode).toBe(200);
    const told = heard(b, 'owner', owner.id);
    // Free keeps 7 days of history.
    await setPlan(a, owner.id, 'Free');
    expect((await get(a, daysAgoUrl(20), owner)).statusCode).toBe(403);
    await told;
    expect((await get(b, daysAgoUrl(20), owner)).statusCode).toBe(403);
    await setPlan(a, owner.id, 'Gold');
  });

  it('answers as missing on both replicas once the monitor is deleted', async () => {
    for (const server of [a, b]) expect((await get(server, todayUrl(), owner)).statusCode).toBe(200);
    const told = heard(b, 'monitor', monitorId);
    const deleted = await a.app.inject({
      method: 'DELETE',
      url: `/api/v1/monitors/${monitorId}/`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect((await get(a, todayUrl(), owner)).statusCode).toBe(404);
    await told;
    expect((await get(b, todayUrl(), owner)).statusCode).toBe(404);
    expect((await get(b, shareUrl(), null)).statusCode).toBe(404);
  });
});
