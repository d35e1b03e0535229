import { DAY_MS } from '@paydar/domain/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import { type BuiltUser, buildUser, callAs, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addProber } from '../../admin/prober.commands';
import { monitorOf, pageOf } from './incidents.test-support';

let server: TestServer;
let owner: BuiltUser;
let proberId: number;
const PUBLIC = '/api/v1/public/status_pages';

beforeAll(async () => {
  server = await startTestServer({ DASHBOARD_URL: 'https://app.paydar.example' });
  owner = await buildUser(server);
  await setPlan(server, owner.id, 'Enterprise');
  const output = await addProber(server.context, 'public-incidents-prober', { country: 'DE' });
  proberId = Number(/id (\d+)/.exec(output)?.[1]);
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

async function incidentOn(pageId: number, body: Record<string, unknown>) {
  const response = await callAs(server, owner, 'POST', `/api/v1/status_pages/${pageId}/incidents/`, {
    title: 'Checkout errors',
    body: 'Looking into it.',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

const update = (pageId: number, incidentId: number, state: string, body: string) =>
  callAs(server, owner, 'POST', `/api/v1/status_pages/${pageId}/incidents/${incidentId}/updates/`, { state, body });

describe('incidents on the public page', () => {
  it('shows unresolved incidents whole and the last 90 days’ resolved ones as summaries', async () => {
    const shop = await monitorOf(server, owner, proberId);
    const api = await monitorOf(server, owner, proberId);
    const page = await pageOf(server, owner, [
      { id: shop, name: 'Shop' },
      { id: api, name: 'API' },
    ]);
    const active = await incidentOn(page.id, { title: 'Active', monitors: [shop, api] });
    await update(page.id, active.id, 'identified', 'Found it: [details](https://example.test/x).');
    const recent = await incidentOn(page.id, { title: 'Recent' });
    await update(page.id, recent.id, 'resolved', 'Done.');
    await callAs(server, owner, 'PATCH', `/api/v1/status_pages/${page.id}/incidents/${recent.id}/`, {
      postmortem: 'Why.',
    });
    const old = await incidentOn(page.id, { title: 'Old' });
    await update(page.id, old.id, 'resolved', 'Done long ago.');
    await server.context.db.execute(sql`
      UPDATE incidents SET started_at = now() - interval '92 days', resolved_at = now() - interval '91 days'
      WHERE id = ${old.id}`);
    // A monitor taken off the page is no longer named by its incidents.
    const shopOnly = await callAs(server, owner, 'GET', `/api/v1/status_pages/${page.id}/`);
    const current = shopOnly.json();
    await callAs(server, owner, 'PUT', `/api/v1/status_pages/${page.id}/`, {
      slug: current.slug,
      title: current.title,
      time_zone: 'UTC',
      sections: [{ title: 'Web', monitors: [{ monitor: shop, public_name: 'Shop' }] }],
    });

    const answer = await eventually(async () => {
      const response = await get(`${PUBLIC}/${page.slug}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.active_incidents.map((incident: { title: string }) => incident.title)).toEqual(['Active']);
      return body;
    });
    expect(answer.active_incidents[0]).toEqual({
      id: active.id,
      title: 'Active',
      state: 'identified',
      started_at: expect.any(String),
      resolved_at: null,
      affected: ['Shop'],
      updates: [
        {
          state: 'identified',
          body_html:
            '<p>Found it: <a href="https://example.test/x" rel="nofollow noopener noreferrer">details</a>.</p>\n',
          created_at: expect.any(String),
        },
        { state: 'investigating', body_html: '<p>Looking into it.</p>\n', created_at: expect.any(String) },
      ],
      postmortem_html: null,
    });
    expect(answer.incident_history).toEqual([
      {
        id: recent.id,
        title: 'Recent',
        state: 'resolved',
        started_at: expect.any(String),
        resolved_at: expect.any(String),
        affected: [],
        has_postmortem: true,
      },
    ]);
    // Visitors never see Markdown sources or the owner's monitor ids.
    expect(JSON.stringify(answer)).not.toContain('"body"');
    expect(JSON.stringify(answer)).not.toContain(`"monitor":${shop}`);
  });

  it('changes the page’s ETag when an incident or an update is written', async () => {
    const shop = await monitorOf(server, owner, proberId);
    const page = await pageOf(server, owner, [{ id: shop, name: 'Shop' }]);
    const first = await get(`${PUBLIC}/${page.slug}`);
    const etag = first.headers.etag as string;
    expect(first.json().banner).toBe('operational');
    expect((await get(`${PUBLIC}/${page.slug}`, { 'if-none-match': etag })).statusCode).toBe(304);
    const incident = await incidentOn(page.id, {});
    const afterIncident = await eventually(async () => {
      const response = await get(`${PUBLIC}/${page.slug}`, { 'if-none-match': etag });
      expect(response.statusCode).toBe(200);
      return response;
    });
    expect(afterIncident.json().active_incidents).toHaveLength(1);
    // Not "all operational" above an open incident.
    expect(afterIncident.json().banner).toBe('degraded');
    const secondEtag = afterIncident.headers.etag as string;
    expect(secondEtag).not.toBe(etag);
    await update(page.id, incident.id, 'monitoring', 'Watching.');
    const afterUpdate = await eventually(async () => {
      const response = await get(`${PUBLIC}/${page.slug}`, { 'if-none-match': secondEtag });
      expect(response.statusCode).toBe(200);
      return response;
    });
    expect(afterUpdate.json().active_incidents[0].state).toBe('monitoring');
  });
});

describe('an incident’s own public page', () => {
  it('answers by slug with an ETag and 304, and changes with an update', async () => {
    const shop = await monitorOf(server, owner, proberId);
    const page = await pageOf(server, owner, [{ id: shop, name: 'Shop' }]);
    const incident = await incidentOn(page.id, { monitors: [shop], body: '<script>alert(1)</script>' });
    const url = `${PUBLIC}/${page.slug}/incidents/${incident.id}`;
    const first = await get(url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      id: incident.id,
      title: 'Checkout errors',
      state: 'investigating',
      affected: ['Shop'],
      updates: [{ state: 'investigating', body_html: '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n' }],
      postmortem_html: null,
    });
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const etag = first.headers.etag as string;
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    await update(page.id, incident.id, 'resolved', 'Fixed.');
    const changed = await eventually(async () => {
      const response = await get(url, { 'if-none-match': etag });
      expect(response.statusCode).toBe(200);
      return response;
    });
    expect(changed.json()).toMatchObject({ state: 'resolved', resolved_at: expect.any(String) });
  });

  it('answers 404 for another page’s incident and for none', async () => {
    const shop = await monitorOf(server, owner, proberId);
    const page = await pageOf(server, owner, [{ id: shop, name: 'Shop' }]);
    const other = await pageOf(server, owner, [{ id: shop, name: 'Shop' }]);
    const theirs = await incidentOn(other.id, {});
    expect((await get(`${PUBLIC}/${page.slug}/incidents/${theirs.id}`)).statusCode).toBe(404);
    expect((await get(`${PUBLIC}/${page.slug}/incidents/2147483647`)).statusCode).toBe(404);
    expect((await get(`${PUBLIC}/${page.slug}/incidents/2147483648`)).statusCode).toBe(400);
    expect((await get(`${PUBLIC}/no-such-page-here/incidents/${theirs.id}`)).statusCode).toBe(404);
  });

  it('answers by Host for a page’s custom domain', async () => {
    const shop = await monitorOf(server, owner, proberId);
    const domain = `status-${Date.now().toString(36)}.acme-incidents.test`;
    const page = await pageOf(server, owner, [{ id: shop, name: 'Shop' }], { custom_domain: domain });
    const incident = await incidentOn(page.id, {});
    const other = await pageOf(server, owner, [{ id: shop, name: 'Shop' }]);
    const theirs = await incidentOn(other.id, {});
    const found = await get(`/api/v1/public/status_page/incidents/${incident.id}`, { host: domain });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().id).toBe(incident.id);
    expect((await get(`/api/v1/public/status_page/incidents/${theirs.id}`, { host: domain })).statusCode).toBe(404);
    expect(
      (await get(`/api/v1/public/status_page/incidents/${incident.id}`, { host: 'unknown.example.org' })).statusCode,
    ).toBe(404);
  });

  it('keeps a protected page’s incident behind the same password', async () => {
    const shop = await monitorOf(server, owner, proberId);
    const page = await pageOf(server, owner, [{ id: shop, name: 'Shop' }], { password: 'correct horse' });
    const incident = await incidentOn(page.id, {});
    const url = `${PUBLIC}/${page.slug}/incidents/${incident.id}`;
    const locked = await get(url);
    expect(locked.statusCode).toBe(401);
    expect(locked.json().code).toBe('STATUS_PAGE_LOCKED');
    expect((await get(url, { 'x-status-page-token': 'forged.0.token' })).statusCode).toBe(401);
    const unlock = await server.app.inject({
      method: 'POST',
      url: `${PUBLIC}/${page.slug}/unlock`,
      payload: { password: 'correct horse' },
    });
    const open = await get(url, { 'x-status-page-token': unlock.json().token });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.headers['cache-control']).toMatch(/^private/);
  });

  it('lists only resolved incidents of the last 90 days in the history', async () => {
    const shop = await monitorOf(server, owner, proberId);
    const page = await pageOf(server, owner, [{ id: shop, name: 'Shop' }]);
    const edge = await incidentOn(page.id, { title: 'Edge' });
    await update(page.id, edge.id, 'resolved', 'Done.');
    await server.context.db.execute(sql`
      UPDATE incidents SET resolved_at = ${new Date(Date.now() - 89 * DAY_MS).toISOString()}::timestamptz,
        started_at = ${new Date(Date.now() - 89 * DAY_MS - 1000).toISOString()}::timestamptz WHERE id = ${edge.id}`);
    await callAs(server, owner, 'PATCH', `/api/v1/status_pages/${page.id}/incidents/${edge.id}/`, { title: 'Edge!' });
    const answer = await eventually(async () => {
      const body = (await get(`${PUBLIC}/${page.slug}`)).json();
      expect(body.incident_history.map((incident: { title: string }) => incident.title)).toEqual(['Edge!']);
      return body;
    });
    expect(answer.active_incidents).toEqual([]);
  });
});
