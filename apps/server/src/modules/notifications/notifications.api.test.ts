import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { notifications } from '../../db/schema/index';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

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
      monitor: { id: null, url: 'http://example.test/22', host: null },
      recipient: user.email,
      creation_time: '2026-05-01T10:00:22.000Z',
      is_sent: true,
      public_message: 'Sent',
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
