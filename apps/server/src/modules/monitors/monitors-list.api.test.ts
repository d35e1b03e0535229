import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { monitors } from '../../db/schema/index';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

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
