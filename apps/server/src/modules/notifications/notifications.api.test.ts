import { describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser } from '../../../test/factories';
import { useTestServer } from '../../../test/use-test-server';
import { monitors, notifications } from '../../db/schema/index';
import type { AlertFacts } from '../../db/schema/notifications';

const server = useTestServer();

const history = (user: BuiltUser | null, query = '') =>
  server.app.inject({
    method: 'GET',
    url: `/api/v1/notification_history/${query}`,
    headers: user ? user.headers : {},
  });

/** `count` notifications for the user, one second apart, the last one newest. */
async function seedNotifications(user: BuiltUser, count: number, recipient: string) {
  const start = Date.parse('2026-05-01T10:00:00Z');
  await server.context.db.insert(notifications).values(
    Array.from({ length: count }, (_, index) => ({
      userId: user.id,
      monitorUrl: `http://example.test/${index}`,
      notificationType: index % 2 ? ('webhook' as const) : ('email' as const),
      recipient,
      isSent: index % 3 !== 0,
      state: index % 3 !== 0 ? ('sent' as const) : ('failed' as const),
      publicMessage: index % 3 !== 0 ? 'Sent' : 'The mail server refused the address',
      createdAt: new Date(start + index * 1000),
    })),
  );
}

describe('GET /api/v1/notification_history/', () => {
  it('is empty for a user without alerts', async () => {
    const user = await buildUser(server);
    const response = await history(user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('pages the user’s own alerts newest first, with links to the neighbouring pages', async () => {
    const user = await buildUser(server);
    await seedNotifications(user, 23, user.email);
    const first = (await history(user)).json();
    expect(first.count).toBe(23);
    expect(first.results).toHaveLength(10);
    expect(first.results[0]).toEqual({
      id: expect.any(Number),
      notification_type: 'email',
      monitor: expect.any(Object),
      recipient: user.email,
      creation_time: '2026-05-01T10:00:22.000Z',
      is_sent: true,
      public_message: 'Sent',
      // A row from before the alert facts: no kind or reason, named by its address.
      kind: null,
      reason: null,
      state: 'sent',
      sent_time: null,
    });
    expect(first.results[0].monitor).toEqual({
      id: null,
      url: 'http://example.test/22',
      host: null,
      name: 'http://example.test/22',
    });
    expect(first.previous).toBeNull();
    expect(first.next).toMatch(/\/api\/v1\/notification_history\/\?limit=10&offset=10$/);

    const last = (await history(user, '?limit=10&offset=20')).json();
    expect(last.results.map((item: { monitor: { url: string } }) => item.monitor.url)).toEqual([
      'http://example.test/2',
      'http://example.test/1',
      'http://example.test/0',
    ]);
    expect(last.results[2]).toMatchObject({ is_sent: false, public_message: 'The mail server refused the address' });
    expect(last.next).toBeNull();
    expect(last.previous).toMatch(/\?limit=10&offset=10$/);
  });

  it("never shows another user's alerts", async () => {
    const owner = await buildUser(server);
    const other = await buildUser(server);
    await seedNotifications(owner, 3, 'owner@example.test');
    const body = (await history(other)).json();
    expect(body).toMatchObject({ count: 0, results: [] });
  });

  it('refuses a signed-out caller and names a bad limit or offset', async () => {
    expect((await history(null)).statusCode).toBe(401);
    const user = await buildUser(server);
    const tooMany = await history(user, '?limit=1000');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toHaveProperty('limit');
    const negative = await history(user, '?offset=-1');
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toHaveProperty('offset');
  });
});

/** A monitor of the user's, straight in the table. */
async function seedMonitor(user: BuiltUser, alias: string | null) {
  const [row] = await server.context.db
    .insert(monitors)
    .values({
      userId: user.id,
      protocolType: 'HTTP',
      url: `https://${alias ?? 'plain'}.example.test/`,
      alias,
      periodSeconds: 60,
      apdexMs: 500,
      token: `history-${user.id}-${alias}-${Math.random()}`.padEnd(36, 'x').slice(0, 36),
    })
    .returning();
  if (!row) throw new Error('no monitor');
  return row;
}

const factsFor = (
  kind: AlertFacts['kind'],
  monitor: { id: number; url: string | null },
  name: string,
  reason: string | null,
): AlertFacts => ({
  kind,
  at: '2026-11-26T11:00:00.000Z',
  monitor: { id: monitor.id, name, protocolType: 'HTTP', url: monitor.url, host: null },
  downtime: null,
  reason,
  timeZone: 'Asia/Tehran',
});

describe('GET /api/v1/notification_history/: what each row says, and filters', () => {
  async function seedKinds(user: BuiltUser) {
    const shop = await seedMonitor(user, 'shop');
    const blog = await seedMonitor(user, null);
    const start = Date.parse('2026-11-26T11:00:00Z');
    const rows: Array<[typeof shop, AlertFacts['kind'], string | null, 'sent' | 'failed' | 'pending' | 'sending']> = [
      [shop, 'down', 'HTTP 503', 'sent'],
      [shop, 'up', null, 'sent'],
      [blog, 'flapping', '6 state changes in 10 minutes', 'failed'],
      [blog, 'slow', 'apdex 0.41 over the last 10 checks', 'pending'],
      [shop, 'reminder', 'HTTP 503', 'sending'],
    ];
    await server.context.db.insert(notifications).values(
      rows.map(([monitor, kind, reason, state], index) => ({
        userId: user.id,
        monitorId: monitor.id,
        monitorUrl: monitor.url,
        notificationType: 'email' as const,
        recipient: user.email,
        state,
        isSent: state === 'sent',
        publicMessage: state === 'sent' ? 'Sent.' : 'Waiting to be sent.',
        facts: factsFor(kind, monitor, monitor.alias ? `HTTP:${monitor.alias}` : (monitor.url ?? ''), reason),
        createdAt: new Date(start + index * 1000),
        sentAt: state === 'sent' ? new Date(start + index * 1000 + 500) : null,
      })),
    );
    return { shop, blog };
  }

  it('gives each row its kind, reason, display name, state and when it was sent', async () => {
    const user = await buildUser(server);
    const { shop, blog } = await seedKinds(user);
    const body = (await history(user)).json();
    expect(body.count).toBe(5);
    expect(
      body.results.map((row: Record<string, unknown>) => [
        row.kind,
        row.reason,
        (row.monitor as { name: string }).name,
        row.state,
      ]),
    ).toEqual([
      ['reminder', 'HTTP 503', 'HTTP:shop', 'sending'],
      ['slow', 'apdex 0.41 over the last 10 checks', blog.url, 'pending'],
      ['flapping', '6 state changes in 10 minutes', blog.url, 'failed'],
      ['up', null, 'HTTP:shop', 'sent'],
      ['down', 'HTTP 503', 'HTTP:shop', 'sent'],
    ]);
    expect(body.results[4]).toMatchObject({
      monitor: { id: shop.id, url: shop.url, host: null, name: 'HTTP:shop' },
      sent_time: '2026-11-26T11:00:00.500Z',
      is_sent: true,
    });
    expect(body.results[0].sent_time).toBeNull();
  });

  it('filters by monitor and by kind, together too, and keeps the filters in the page links', async () => {
    const user = await buildUser(server);
    const { shop, blog } = await seedKinds(user);
    const kinds = async (query: string) =>
      (await history(user, query)).json().results.map((row: { kind: string }) => row.kind);
    expect(await kinds(`?monitor_id=${shop.id}`)).toEqual(['reminder', 'up', 'down']);
    expect(await kinds(`?monitor_id=${blog.id}`)).toEqual(['slow', 'flapping']);
    expect(await kinds('?kind=down')).toEqual(['down']);
    expect(await kinds(`?monitor_id=${blog.id}&kind=down`)).toEqual([]);
    expect(await kinds('?kind=test')).toEqual([]);
    const paged = (await history(user, `?monitor_id=${shop.id}&kind=down&limit=1`)).json();
    expect(paged.count).toBe(1);
    const linked = (await history(user, `?monitor_id=${shop.id}&limit=1`)).json();
    expect(linked.next).toMatch(new RegExp(`\\?monitor_id=${shop.id}&limit=1&offset=1$`));
  });

  it("gives an empty page for another user's monitor, never their rows", async () => {
    const owner = await buildUser(server);
    const { shop } = await seedKinds(owner);
    const other = await buildUser(server);
    const response = await history(other, `?monitor_id=${shop.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ count: 0, results: [] });
  });

  it('names a bad monitor_id or kind in a 400', async () => {
    const user = await buildUser(server);
    for (const [query, field] of [
      ['?monitor_id=abc', 'monitor_id'],
      ['?monitor_id=0', 'monitor_id'],
      ['?monitor_id=-3', 'monitor_id'],
      ['?monitor_id=99999999999999', 'monitor_id'],
      ['?monitor_id=1.5', 'monitor_id'],
      ['?kind=exploded', 'kind'],
      ['?kind=%00', 'kind'],
      ['?kind=<script>', 'kind'],
    ]) {
      const response = await history(user, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toHaveProperty(field as string);
    }
  });

  it('reads rows from before the display name by their address, and a host when there is no URL', async () => {
    const user = await buildUser(server);
    await server.context.db.insert(notifications).values({
      userId: user.id,
      monitorHost: 'db.example.test',
      notificationType: 'sms',
      recipient: '09120000000',
      state: 'sent',
      isSent: true,
      facts: { ...factsFor('down', { id: 1, url: null }, '', 'timeout'), timeZone: undefined },
    });
    const [row] = (await history(user)).json().results;
    expect(row).toMatchObject({ kind: 'down', reason: 'timeout', monitor: { name: 'db.example.test' } });
  });
});
