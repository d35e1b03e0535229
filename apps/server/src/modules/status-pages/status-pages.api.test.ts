import { knownTimeZones } from '@paydar/contracts/time-zones';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, callAs, createOldStylePlan, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { editPlan } from '../../admin/plan.commands';
import { probers } from '../../db/schema/index';
import { createMonitor, httpMonitorBody } from '../monitors/monitors.test-support';

let server: TestServer;
let localProberId: number;
beforeAll(async () => {
  server = await startTestServer({ DASHBOARD_URL: 'https://app.paydar.example' });
  const [local] = await server.context.db.select().from(probers).where(eq(probers.name, 'Local'));
  localProberId = local?.id ?? 0;
});
afterAll(() => server.close());

const PATH = '/api/v1/status_pages/';
let slugCounter = 0;
const uniqueSlug = (prefix = 'page') => `${prefix}-${Date.now().toString(36)}-${++slugCounter}`;

async function monitorOf(user: BuiltUser): Promise<number> {
  const response = await createMonitor(server, user, httpMonitorBody(localProberId));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const call = (user: BuiltUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  callAs(server, user, method, url, payload);

const pageBody = (monitors: number[], extra: Record<string, unknown> = {}) => ({
  slug: uniqueSlug(),
  title: 'Acme status',
  sections: [{ title: 'Web', monitors: monitors.map((monitor, i) => ({ monitor, public_name: `Service ${i}` })) }],
  ...extra,
});

describe('status pages through the owner API', () => {
  let owner: BuiltUser;
  let stranger: BuiltUser;
  let monitorId: number;

  beforeAll(async () => {
    owner = await buildUser(server);
    stranger = await buildUser(server);
    await setPlan(server, owner.id, 'Gold');
    monitorId = await monitorOf(owner);
  });

  it('keeps every zone its picker offers as it was chosen (issue 37)', async () => {
    const created = await call(owner, 'POST', PATH, pageBody([]));
    expect(created.statusCode, created.body).toBe(201);
    const { id, slug } = created.json();
    const offered = knownTimeZones();
    expect(offered).toEqual(expect.arrayContaining(['Asia/Kathmandu', 'Asia/Kolkata', 'Europe/Kyiv']));
    const changed: string[] = [];
    for (const zone of offered) {
      const response = await call(owner, 'PUT', `${PATH}${id}/`, { slug, title: 'Zones', time_zone: zone });
      if (response.statusCode !== 200 || response.json().time_zone !== zone) changed.push(`${zone} → ${response.body}`);
    }
    expect(changed).toEqual([]);
    expect((await call(owner, 'GET', `${PATH}${id}/`)).json().time_zone).toBe(offered.at(-1));
  });

  it('creates a page, reads it, lists it, replaces it and deletes it', async () => {
    const created = await call(owner, 'POST', PATH, pageBody([monitorId], { language: 'fa', password: 'secret-pass' }));
    expect(created.statusCode, created.body).toBe(201);
    const page = created.json();
    expect(page).toMatchObject({
      title: 'Acme status',
      language: 'fa',
      time_zone: 'Asia/Tehran',
      protected: true,
      custom_domain: null,
      sections: [{ title: 'Web', monitors: [{ monitor: monitorId, public_name: 'Service 0', show_target: false }] }],
    });
    expect(page).not.toHaveProperty('password_hash');
    expect((await call(owner, 'GET', `${PATH}${page.id}/`)).json()).toEqual(page);
    expect((await call(owner, 'GET', PATH)).json().results.map((p: { id: number }) => p.id)).toContain(page.id);

    const replaced = await call(owner, 'PUT', `${PATH}${page.id}/`, {
      slug: page.slug,
      title: 'Renamed',
      sections: [
        { title: 'API', monitors: [{ monitor: monitorId, public_name: 'API', show_target: true }] },
        { title: 'Empty' },
      ],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      title: 'Renamed',
      language: 'en',
      time_zone: 'UTC',
      protected: true, // a left-out password keeps the current one
      sections: [
        { title: 'API', monitors: [{ public_name: 'API', show_target: true }] },
        { title: 'Empty', monitors: [] },
      ],
    });
    const unprotected = await call(owner, 'PUT', `${PATH}${page.id}/`, {
      slug: page.slug,
      title: 'Open',
      password: null,
    });
    expect(unprotected.json().protected).toBe(false);

    expect((await call(owner, 'DELETE', `${PATH}${page.id}/`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `${PATH}${page.id}/`)).statusCode).toBe(404);
  });

  it('refuses another user on every owner route with 404, and their monitors by field', async () => {
    const page = (await call(owner, 'POST', PATH, pageBody([monitorId]))).json();
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await call(stranger, method, `${PATH}${page.id}/`, method === 'PUT' ? pageBody([]) : undefined);
      expect(response.statusCode, `${method} ${response.body}`).toBe(404);
    }
    expect((await call(stranger, 'GET', PATH)).json().count).toBe(0);
    const borrowing = await call(stranger, 'POST', PATH, pageBody([monitorId]));
    expect(borrowing.statusCode).toBe(400);
    expect(borrowing.json()).toHaveProperty(['sections.0.monitors.0.monitor']);
    // the page is unchanged after the refused PUT
    expect((await call(owner, 'GET', `${PATH}${page.id}/`)).json().title).toBe('Acme status');
  });

  it('refuses bad input with the field named, and keeps markup as text', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ slug: 'api' }, 'slug'],
      [{ slug: 'status' }, 'slug'],
      [{ slug: 'Upper-Case' }, 'slug'],
      [{ slug: 'ab' }, 'slug'],
      [{ slug: 'x'.repeat(49) }, 'slug'],
      [{ slug: 'bad--hyphen' }, 'slug'],
      [{ title: 'nul\u0000byte' }, 'title'],
      [{ title: '' }, 'title'],
      [{ title: 't'.repeat(101) }, 'title'],
      [{ description: 'd'.repeat(1_001) }, 'description'],
      [{ logo_url: 'http://example.com/logo.png' }, 'logo_url'],
      [{ logo_url: `https://example.com/${'a'.repeat(2_000)}` }, 'logo_url'],
      [{ language: 'de' }, 'language'],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone'],
      [{ custom_domain: 'Status.Example.com' }, 'custom_domain'],
      [{ custom_domain: 'localhost' }, 'custom_domain'],
      [{ password: 'short' }, 'password'],
      [
        { sections: [{ title: 's', monitors: [{ monitor: 1e20, public_name: 'x' }] }] },
        'sections.0.monitors.0.monitor',
      ],
      [
        { sections: [{ title: 's', monitors: [{ monitor: monitorId, public_name: '\u0000' }] }] },
        'sections.0.monitors.0.public_name',
      ],
      [
        {
          sections: [
            { title: 'a', monitors: [{ monitor: monitorId, public_name: 'x' }] },
            { title: 'b', monitors: [{ monitor: monitorId, public_name: 'y' }] },
          ],
        },
        'sections.1.monitors.0.monitor',
      ],
    ];
    for (const [change, field] of cases) {
      const response = await call(owner, 'POST', PATH, { ...pageBody([]), ...change });
      expect(response.statusCode, `${JSON.stringify(change).slice(0, 80)} → ${response.body}`).toBe(400);
      expect(Object.keys(response.json()), JSON.stringify(change).slice(0, 80)).toContain(field);
    }
    const markup = await call(
      owner,
      'POST',
      PATH,
      pageBody([], { title: '<script>alert(1)</script>', description: '<b>hi</b>' }),
    );
    expect(markup.statusCode, markup.body).toBe(201);
    expect(markup.json()).toMatchObject({ title: '<script>alert(1)</script>', description: '<b>hi</b>' });
  });

  it('refuses a slug or custom domain another page holds, and our own host name', async () => {
    const domain = `${uniqueSlug('status')}.example.com`;
    const first = (await call(owner, 'POST', PATH, pageBody([], { custom_domain: domain }))).json();
    const sameSlug = await call(stranger, 'POST', PATH, pageBody([], { slug: first.slug }));
    expect(sameSlug.statusCode).toBe(400);
    expect(sameSlug.json()).toHaveProperty('slug');
    const sameDomain = await call(stranger, 'POST', PATH, pageBody([], { custom_domain: domain }));
    expect(sameDomain.statusCode).toBe(400);
    expect(sameDomain.json()).toHaveProperty('custom_domain');
    const ours = await call(owner, 'POST', PATH, pageBody([], { custom_domain: 'app.paydar.example' }));
    expect(ours.statusCode).toBe(400);
    expect(ours.json()).toHaveProperty('custom_domain');
    // its own slug and domain are no conflict on a replace
    const kept = await call(
      owner,
      'PUT',
      `${PATH}${first.id}/`,
      pageBody([], { slug: first.slug, custom_domain: domain }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('drops a monitor removed from the account from its pages', async () => {
    const doomed = await monitorOf(owner);
    const page = (await call(owner, 'POST', PATH, pageBody([monitorId, doomed]))).json();
    expect((await call(owner, 'DELETE', `/api/v1/monitors/${doomed}/`)).statusCode).toBe(200);
    const after = (await call(owner, 'GET', `${PATH}${page.id}/`)).json();
    expect(after.sections[0].monitors.map((m: { monitor: number }) => m.monitor)).toEqual([monitorId]);
  });
});

describe('the status page plan limit', () => {
  it('allows one page on Free and says so on the second', async () => {
    const user = await buildUser(server);
    expect((await call(user, 'POST', PATH, pageBody([]))).statusCode).toBe(201);
    const second = await call(user, 'POST', PATH, pageBody([]));
    expect(second.statusCode).toBe(403);
    expect(second.json().detail).toBe("You can't add more than 1 status page");
  });

  it('lets exactly one of two creates raced at the limit pass', async () => {
    const user = await buildUser(server);
    const [a, b] = await Promise.all([call(user, 'POST', PATH, pageBody([])), call(user, 'POST', PATH, pageBody([]))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 403]);
    const count = await server.context.db.execute<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM status_pages WHERE user_id = ${user.id}`,
    );
    expect(count.rows[0]?.count).toBe(1);
  });

  it('follows a plan edited by edit-plan --status-pages', async () => {
    await createOldStylePlan(server, 'Pages');
    const user = await buildUser(server);
    await setPlan(server, user.id, 'Pages');
    expect((await call(user, 'POST', PATH, pageBody([]))).statusCode).toBe(201);
    expect((await call(user, 'POST', PATH, pageBody([]))).statusCode).toBe(403); // a plan without the field allows 1
    await editPlan(server.context, 'Pages', { 'status-pages': '2' });
    expect((await call(user, 'POST', PATH, pageBody([]))).statusCode).toBe(201);
    expect((await call(user, 'POST', PATH, pageBody([]))).statusCode).toBe(403);
  });

  it('follows the plan: Silver allows three', async () => {
    const user = await buildUser(server);
    await setPlan(server, user.id, 'Silver');
    for (let i = 0; i < 3; i++) expect((await call(user, 'POST', PATH, pageBody([]))).statusCode).toBe(201);
    expect((await call(user, 'POST', PATH, pageBody([]))).statusCode).toBe(403);
  });
});
