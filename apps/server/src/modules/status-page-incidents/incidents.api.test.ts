import { INCIDENT_UPDATES_MAX } from '@paydar/contracts/status-page-incidents';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, callAs, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addProber } from '../../admin/prober.commands';
import { monitorOf, pageOf } from './incidents.test-support';

let server: TestServer;
let owner: BuiltUser;
let stranger: BuiltUser;
let proberId: number;
let monitorA: number;
let monitorB: number;
let page: { id: number; slug: string };

beforeAll(async () => {
  server = await startTestServer({ DASHBOARD_URL: 'https://app.paydar.example' });
  owner = await buildUser(server);
  stranger = await buildUser(server);
  await setPlan(server, owner.id, 'Gold');
  const output = await addProber(server.context, 'incidents-prober', { country: 'DE' });
  proberId = Number(/id (\d+)/.exec(output)?.[1]);
  monitorA = await monitorOf(server, owner, proberId);
  monitorB = await monitorOf(server, owner, proberId);
  page = await pageOf(server, owner, [
    { id: monitorA, name: 'Shop' },
    { id: monitorB, name: 'API' },
  ]);
});
afterAll(() => server.close());

const base = (pageId: number) => `/api/v1/status_pages/${pageId}/incidents/`;
const call = (user: BuiltUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  callAs(server, user, method, url, payload);

async function opened(body: Record<string, unknown> = {}) {
  const response = await call(owner, 'POST', base(page.id), {
    title: 'Checkout errors',
    body: 'We see **errors** at checkout.',
    monitors: [monitorA],
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; updates: Array<{ id: number }> };
}

describe('incidents through the owner API', () => {
  it('opens an incident with its first update, reads it, lists it newest first', async () => {
    const first = await opened({ title: 'First' });
    const second = await opened({ title: 'Second', state: 'identified', monitors: [monitorB, monitorA] });
    expect(second).toMatchObject({
      status_page: page.id,
      title: 'Second',
      origin: 'manual',
      state: 'identified',
      resolved_at: null,
      monitors: [
        { monitor: monitorB, public_name: 'API' },
        { monitor: monitorA, public_name: 'Shop' },
      ],
      updates: [
        {
          state: 'identified',
          body: 'We see **errors** at checkout.',
          body_html: '<p>We see <strong>errors</strong> at checkout.</p>\n',
          automatic: false,
        },
      ],
      postmortem: null,
      postmortem_html: null,
    });
    expect((await call(owner, 'GET', `${base(page.id)}${first.id}/`)).json()).toMatchObject({ title: 'First' });
    const list = (await call(owner, 'GET', `${base(page.id)}?limit=1`)).json();
    expect(list.results.map((incident: { id: number }) => incident.id)).toEqual([second.id]);
    expect(list.count).toBeGreaterThanOrEqual(2);
    expect(list.next).toContain(`/api/v1/status_pages/${page.id}/incidents/?limit=1&offset=1`);
    expect(list.previous).toBeNull();
  });

  it('refuses a monitor not on the page, naming it, and writes nothing', async () => {
    const otherMonitor = await monitorOf(server, owner, proberId);
    const before = (await call(owner, 'GET', base(page.id))).json().count;
    const response = await call(owner, 'POST', base(page.id), {
      title: 'x',
      body: 'y',
      monitors: [monitorA, otherMonitor],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty(['monitors.1']);
    expect((await call(owner, 'GET', base(page.id))).json().count).toBe(before);
  });

  it.each([
    [{ title: '', body: 'x' }, 'title'],
    [{ title: 'x', body: '   ' }, 'body'],
    [{ title: 'x\u0000', body: 'x' }, 'title'],
    [{ title: 'x', body: 'x\u0000' }, 'body'],
    [{ title: 'x', body: 'x'.repeat(10_001) }, 'body'],
    [{ title: 'x', body: 'x', state: 'exploded' }, 'state'],
    [{ title: 'x', body: 'x', monitors: [2_147_483_648] }, 'monitors.0'],
  ])('refuses bad input with its field named: %j', async (payload, field) => {
    const response = await call(owner, 'POST', base(page.id), payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(JSON.stringify(response.json())).toContain(field);
  });

  it('updates, resolves, takes a post-mortem only when resolved, and reopens', async () => {
    const incident = await opened();
    const url = `${base(page.id)}${incident.id}/`;
    const early = await call(owner, 'PATCH', url, { postmortem: 'Root cause: disk.' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toHaveProperty('postmortem');

    const identified = await call(owner, 'POST', `${url}updates/`, { state: 'identified', body: 'Disk full.' });
    expect(identified.statusCode, identified.body).toBe(201);
    expect(identified.json().updates.map((u: { state: string }) => u.state)).toEqual(['identified', 'investigating']);

    const resolved = (await call(owner, 'POST', `${url}updates/`, { state: 'resolved', body: 'Fixed.' })).json();
    expect(resolved.state).toBe('resolved');
    expect(resolved.resolved_at).not.toBeNull();

    const patched = await call(owner, 'PATCH', url, { title: 'Disk full', postmortem: '## Why\n<script>x</script>' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      title: 'Disk full',
      postmortem: '## Why\n<script>x</script>',
      postmortem_html: '<h2>Why</h2>\n<p>&lt;script&gt;x&lt;/script&gt;</p>\n',
    });

    // A post-mortem belongs to a resolved incident: reopening one that has it is refused.
    const refused = await call(owner, 'POST', `${url}updates/`, { state: 'monitoring', body: 'Again.' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty('state');
    expect((await call(owner, 'PATCH', url, { postmortem: null })).json().postmortem).toBeNull();
    const reopened = (await call(owner, 'POST', `${url}updates/`, { state: 'monitoring', body: 'Again.' })).json();
    expect(reopened).toMatchObject({ state: 'monitoring', resolved_at: null });
  });

  it('refuses an empty PATCH', async () => {
    const incident = await opened();
    const response = await call(owner, 'PATCH', `${base(page.id)}${incident.id}/`, {});
    expect(response.statusCode).toBe(400);
  });

  it('deletes an incident: 204, then 404', async () => {
    const incident = await opened();
    const url = `${base(page.id)}${incident.id}/`;
    const deleted = await call(owner, 'DELETE', url);
    expect(deleted.statusCode).toBe(204);
    expect((await call(owner, 'GET', url)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', url)).statusCode).toBe(404);
  });

  it('counts updates under the page lock: racing writers cannot pass the limit', async () => {
    const incident = await opened();
    // Fill up to two below the limit directly, then race five writers for the last two places.
    await server.context.db.execute(sql`
      INSERT INTO incident_updates (incident_id, state, body, automatic, created_at)
      SELECT ${incident.id}, 'investigating', 'filler', false, now() FROM generate_series(1, ${INCIDENT_UPDATES_MAX - 3})`);
    const url = `${base(page.id)}${incident.id}/updates/`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => call(owner, 'POST', url, { state: 'monitoring', body: `race ${i}` })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    const count = await server.context.db.execute<{ count: string }>(
      sql`SELECT count(*) AS count FROM incident_updates WHERE incident_id = ${incident.id}`,
    );
    expect(Number(count.rows[0]?.count)).toBe(INCIDENT_UPDATES_MAX);
  });

  it('answers 404 to another user on every route, and changes nothing', async () => {
    const incident = await opened({ title: 'Mine' });
    const one = `${base(page.id)}${incident.id}/`;
    const attempts = [
      call(stranger, 'GET', base(page.id)),
      call(stranger, 'POST', base(page.id), { title: 'x', body: 'y' }),
      call(stranger, 'GET', one),
      call(stranger, 'PATCH', one, { title: 'Theirs' }),
      call(stranger, 'DELETE', one),
      call(stranger, 'POST', `${one}updates/`, { state: 'resolved', body: 'y' }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode, response.body).toBe(404);
    const still = (await call(owner, 'GET', one)).json();
    expect(still).toMatchObject({ title: 'Mine', state: 'investigating' });
    expect(still.updates).toHaveLength(1);
  });

  it('answers 404 for an incident of another page of the same owner', async () => {
    const otherPage = await pageOf(server, owner, [{ id: monitorA, name: 'Shop' }]);
    const incident = await opened();
    expect((await call(owner, 'GET', `${base(otherPage.id)}${incident.id}/`)).statusCode).toBe(404);
    expect(
      (await call(owner, 'POST', `${base(otherPage.id)}${incident.id}/updates/`, { state: 'resolved', body: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses the demo account every write', async () => {
    const login = await server.app.inject({ method: 'GET', url: '/api/v1/users/login_as_demo' });
    const demo = { headers: { authorization: `Token ${login.json().key}` } } as BuiltUser;
    const writes = [
      call(demo, 'POST', base(page.id), { title: 'x', body: 'y' }),
      call(demo, 'PATCH', `${base(page.id)}1/`, { title: 'x' }),
      call(demo, 'DELETE', `${base(page.id)}1/`),
      call(demo, 'POST', `${base(page.id)}1/updates/`, { state: 'resolved', body: 'y' }),
    ];
    for (const response of await Promise.all(writes)) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('DEMO_READ_ONLY');
    }
  });

  it('goes with its page and its monitors (cascade)', async () => {
    const monitor = await monitorOf(server, owner, proberId);
    const doomed = await pageOf(server, owner, [{ id: monitor, name: 'Doomed' }]);
    const response = await call(owner, 'POST', base(doomed.id), { title: 'x', body: 'y', monitors: [monitor] });
    const incidentId = response.json().id;
    await call(owner, 'DELETE', `/api/v1/monitors/${monitor}/`);
    const members = await server.context.db.execute(
      sql`SELECT 1 FROM incident_monitors WHERE incident_id = ${incidentId}`,
    );
    expect(members.rows).toHaveLength(0);
    await callAs(server, owner, 'DELETE', `/api/v1/status_pages/${doomed.id}/`);
    const left = await server.context.db.execute(
      sql`SELECT 1 FROM incidents i LEFT JOIN incident_updates u ON u.incident_id = i.id WHERE i.id = ${incidentId}`,
    );
    expect(left.rows).toHaveLength(0);
  });
});
