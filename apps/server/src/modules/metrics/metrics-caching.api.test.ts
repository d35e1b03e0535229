import { formatDayParam } from '@paydar/domain/history';
import { DAY_MS, HOUR_MS, utcDayStart } from '@paydar/domain/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResult, postResults } from '../../../test/check-results';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addProber } from '../../admin/prober.commands';

let server: TestServer;
let owner: BuiltUser;
let stranger: BuiltUser;
let proberKey = '';
let proberId = 0;
let monitorId = 0;
let token = '';

const yesterdayAt = (hours: number) => utcDayStart(Date.now()) - DAY_MS + hours * HOUR_MS;

function post(time: number, success: boolean) {
  return postResults(server, proberKey, [checkResult(monitorId, time, success, { response: 90, duration: 100 })]);
}

function get(url: string, user: BuiltUser | null, headers: Record<string, string> = {}) {
  return server.app.inject({ method: 'GET', url, headers: { ...(user ? user.headers : {}), ...headers } });
}

beforeAll(async () => {
  server = await startTestServer();
  [owner, stranger] = await Promise.all([buildUser(server), buildUser(server)]);
  await setPlan(server, owner.id, 'Gold');
  const output = await addProber(server.context, 'cache-metrics', { country: 'DE' });
  proberKey = output.split('\n')[1] ?? '';
  proberId = Number(/id (\d+)/.exec(output)?.[1]);
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/v1/monitors/',
    headers: owner.headers,
    payload: { protocol_type: 'HTTP', url: 'http://93.184.216.34/', period: 15, apdex: 0.5, probers: [proberId] },
  });
  ({ id: monitorId, token } = created.json() as { id: number; token: string });
  await server.context.db.execute(
    sql`UPDATE monitors SET created_at = now() - interval '10 days' WHERE id = ${monitorId}`,
  );
  for (let minute = 0; minute < 10; minute += 1) {
    expect((await post(yesterdayAt(10) + minute * 60_000, true)).json().accepted).toBe(1);
  }
});
afterAll(() => server.close());

const todayUrl = () => `/api/v1/monitors/${monitorId}/metric`;
const pastUrl = () => `/api/v1/monitors/${monitorId}/metric?day=${formatDayParam(yesterdayAt(0))}`;

describe('metric answers are validated by ETag', () => {
  it("answers today's repeat with 304 until a new check changes it", async () => {
    const first = await get(todayUrl(), owner);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const repeat = await get(todayUrl(), owner, { 'if-none-match': etag });
    expect(repeat.statusCode).toBe(304);
    expect(repeat.body).toBe('');
    expect(repeat.headers.etag).toBe(etag);

    expect((await post(Date.now() - 1000, true)).json().accepted).toBe(1);
    const changed = await get(todayUrl(), owner, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().last_check_at).not.toBe(first.json().last_check_at);
  });

  it('lets the browser keep a past day (private, immutable) and answers its repeat with 304', async () => {
    const first = await get(pastUrl(), owner);
    expect(first.statusCode).toBe(200);
    const cacheControl = String(first.headers['cache-control']);
    expect(cacheControl).toMatch(/^private, max-age=\d+, immutable$/);
    expect(String(first.headers.vary)).toMatch(/authorization/i);
    const etag = first.headers.etag as string;
    expect((await get(pastUrl(), owner, { 'if-none-match': `"other", ${etag}` })).statusCode).toBe(304);
    expect((await get(pastUrl(), owner, { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    expect((await get(todayUrl(), owner)).headers['cache-control']).not.toContain('immutable');
    // The web's refresh of a past day asks for fresh figures: revalidated, not kept unasked.
    expect((await get(`${pastUrl()}&cache=False`, owner)).headers['cache-control']).toBe('private, no-cache');
  });

  it('recomputes a past day when a late result lands in it', async () => {
    const before = (await get(pastUrl(), owner)).json();
    // Older than the prober's latest result: stored in yesterday's rollups without moving the state on.
    expect((await post(yesterdayAt(9), false)).json().accepted).toBe(1);
    const after = (await get(pastUrl(), owner)).json();
    expect(after.by_response_time.under100000).toBe(before.by_response_time.under100000);
    expect(after.probers[0].failed).toBe(before.probers[0].failed + 1);
  });

  it("never serves another user's monitor from the cache, with or without its ETag", async () => {
    const owners = await get(todayUrl(), owner);
    expect(owners.statusCode).toBe(200);
    const etag = owners.headers.etag as string;
    expect((await get(todayUrl(), stranger)).statusCode).toBe(404);
    expect((await get(todayUrl(), stranger, { 'if-none-match': etag })).statusCode).toBe(404);
    expect((await get(pastUrl(), stranger, { 'if-none-match': etag })).statusCode).toBe(404);
    expect((await get(todayUrl(), null, { 'if-none-match': etag })).statusCode).toBe(401);
  });

  it('validates the public share answers by ETag too', async () => {
    for (const url of [`/api/v1/monitors/${token}/share_info`, `/api/v1/monitors/symlink/${token}/metric`]) {
      const first = await get(url, null);
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect((await get(url, null, { 'if-none-match': etag })).statusCode).toBe(304);
    }
  });
});

describe("a new monitor's first minute", () => {
  it('is not kept saying "no uptime yet" once its first whole second has passed', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/monitors/',
      headers: owner.headers,
      payload: { protocol_type: 'HTTP', url: 'http://93.184.216.35/', period: 15, apdex: 0.5, probers: [proberId] },
    });
    const fresh = created.json().id as number;
    // A check at 10 s past a minute, so both readings below fall in that minute.
    const checkedAt = Math.floor(Date.now() / 60_000) * 60_000 + 10_000;
    const readAt = async (ms: number) => {
      server.clock.offsetMs = ms - Date.now();
      return (await get(`/api/v1/monitors/${fresh}/metric`, owner)).json().uptime_percent;
    };
    try {
      const posted = await postResults(server, proberKey, [
        checkResult(fresh, checkedAt, true, { response: 90, duration: 100 }),
      ]);
      expect(posted.json().accepted).toBe(1);
      expect(await readAt(checkedAt + 200)).toBeNull();
      expect(await readAt(checkedAt + 1_500)).toBe(100);
    } finally {
      server.clock.offsetMs = 0;
    }
  });
});
