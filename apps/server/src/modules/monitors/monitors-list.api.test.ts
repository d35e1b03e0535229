import { newestFirst } from '@paydar/contracts/monitor-summary';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { useTestServer } from '../../../test/use-test-server';
import { monitorStates, monitors } from '../../db/schema/index';

const server = useTestServer();

/** Seeds `n` HTTP monitors of the user straight into the table, oldest first. */
async function seedMonitors(userId: number, n: number) {
  const base = Date.parse('2026-01-01T00:00:00Z');
  await server.context.db.insert(monitors).values(
    Array.from({ length: n }, (_, i) => ({
      userId,
      protocolType: 'HTTP' as const,
      url: `https://site-${i + 1}.example.com/health`,
      periodSeconds: 60,
      apdexMs: 500,
      token: `list-${userId}-${i}`.padEnd(36, 'x'),
      createdAt: new Date(base + i * 1000),
    })),
  );
}

const list = (headers: Record<string, string>, query = '') =>
  server.app.inject({ method: 'GET', url: `/api/v1/monitors/${query}`, headers });

describe('GET /api/v1/monitors/ pages', () => {
  it('honours limit and offset with count, next and previous', async () => {
    const user = await buildUser(server);
    await seedMonitors(user.id, 5);
    const first = await list(user.headers, '?limit=2');
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.count).toBe(5);
    expect(page.results.map((m: { url: string }) => m.url)).toEqual([
      'https://site-5.example.com/health',
      'https://site-4.example.com/health',
    ]);
    expect(page.previous).toBeNull();
    expect(page.next).toMatch(/\/api\/v1\/monitors\/\?limit=2&offset=2$/);

    const last = (await list(user.headers, '?limit=2&offset=4')).json();
    expect(last.count).toBe(5);
    expect(last.results.map((m: { url: string }) => m.url)).toEqual(['https://site-1.example.com/health']);
    expect(last.next).toBeNull();
    expect(last.previous).toMatch(/\/api\/v1\/monitors\/\?limit=2&offset=2$/);
  });

  it('without a limit answers the whole list, as the web asks for it', async () => {
    const user = await buildUser(server);
    await seedMonitors(user.id, 3);
    const page = (await list(user.headers)).json();
    expect(page).toMatchObject({ count: 3, next: null, previous: null });
    expect(page.results).toHaveLength(3);
  });

  it('refuses a limit out of range naming the field', async () => {
    const user = await buildUser(server);
    const response = await list(user.headers, '?limit=0');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('limit');
  });
});

describe('GET /api/v1/monitors/ order', () => {
  it('is by id, newest first, whatever the creation times say: the key the web places a pushed monitor by', async () => {
    const user = await buildUser(server);
    await seedMonitors(user.id, 4);
    const ids = (
      await server.context.db
        .select({ id: monitors.id })
        .from(monitors)
        .where(eq(monitors.userId, user.id))
        .orderBy(monitors.id)
    ).map((row) => row.id);
    // Two creates racing: the one that began first is stamped earlier but given the later id. And
    // two stamped in the same instant.
    const [first, second, third, fourth] = ids as [number, number, number, number];
    const stamp = (id: number, at: string) =>
      server.context.db
        .update(monitors)
        .set({ createdAt: new Date(at) })
        .where(eq(monitors.id, id));
    await stamp(first, '2026-01-01T00:00:09Z');
    await stamp(second, '2026-01-01T00:00:05Z');
    await stamp(third, '2026-01-01T00:00:05Z');
    await stamp(fourth, '2026-01-01T00:00:01Z');

    const results = (await list(user.headers)).json().results as Array<{ id: number }>;
    expect(results.map((item) => item.id)).toEqual([fourth, third, second, first]);
    expect(results.map((item) => item.id)).toEqual([...results].sort(newestFirst).map((item) => item.id));
    // Pages cut that one order.
    const paged = [
      ...(await list(user.headers, '?limit=2')).json().results,
      ...(await list(user.headers, '?limit=2&offset=2')).json().results,
    ] as Array<{ id: number }>;
    expect(paged.map((item) => item.id)).toEqual([fourth, third, second, first]);
  });
});

describe('GET /api/v1/monitors/ items are what the list shows', () => {
  it('sends the list fields only, leaving out null, false and empty ones; the single GET stays whole', async () => {
    const user = await buildUser(server);
    // The ICMP one made first: the list, newest first, has the HTTP one on top.
    const [icmp] = await server.context.db
      .insert(monitors)
      .values({
        userId: user.id,
        protocolType: 'ICMP',
        host: '192.0.2.1',
        periodSeconds: 60,
        apdexMs: 500,
        isEnabled: false,
        isProtected: true,
        token: `shape2-${user.id}`.padEnd(36, 'x'),
        createdAt: new Date('2026-01-01T00:00:00Z'),
      })
      .returning();
    const [http] = await server.context.db
      .insert(monitors)
      .values({
        userId: user.id,
        protocolType: 'HTTP',
        url: 'https://shop.example.com/health',
        alias: 'Shop',
        labels: ['web'],
        periodSeconds: 60,
        apdexMs: 500,
        httpHeaders: [{ key: 'X-Secret', value: 'header value' }],
        httpBody: 'a body',
        token: `shape-${user.id}`.padEnd(36, 'x'),
        createdAt: new Date('2026-01-02T00:00:00Z'),
      })
      .returning();
    if (!http || !icmp) throw new Error('not seeded');
    await server.context.db.insert(monitorStates).values([
      { monitorId: http.id, lastStatusCode: 503 },
      { monitorId: icmp.id, lastStatus: 'Timeout' },
    ]);

    const page = (await list(user.headers)).json();
    expect(page.results).toEqual([
      {
        id: http.id,
        protocol_type: 'HTTP',
        url: 'https://shop.example.com/health',
        alias: 'Shop',
        labels: ['web'],
        is_enabled: true,
        last_status_code: 503,
      },
      { id: icmp.id, protocol_type: 'ICMP', host: '192.0.2.1', is_protected: true, last_status: 'Timeout' },
    ]);

    const whole = (
      await server.app.inject({ method: 'GET', url: `/api/v1/monitors/${http.id}/`, headers: user.headers })
    ).json();
    expect(whole).toMatchObject({
      token: http.token,
      http_headers: [{ key: 'X-Secret', value: 'header value' }],
      http_body: 'a body',
      name: 'HTTP:Shop',
      last_status_code: 503,
    });
  });

  it("never lists another user's monitors, in the whole list or a page", async () => {
    const alice = await buildUser(server);
    const bob = await buildUser(server);
    await seedMonitors(alice.id, 3);
    await seedMonitors(bob.id, 2);
    const ownIds = async (userId: number) =>
      (await server.context.db.select({ id: monitors.id }).from(monitors).where(eq(monitors.userId, userId)))
        .map((row) => row.id)
        .sort();
    const ids = (page: { results: Array<{ id: number }> }) => page.results.map((item) => item.id).sort();
    expect(ids((await list(bob.headers)).json())).toEqual(await ownIds(bob.id));
    const paged = (await list(bob.headers, '?limit=10')).json();
    expect(paged.count).toBe(2);
    expect(ids(paged)).toEqual(await ownIds(bob.id));
    expect(ids((await list(alice.headers)).json())).toEqual(await ownIds(alice.id));
  });
});
