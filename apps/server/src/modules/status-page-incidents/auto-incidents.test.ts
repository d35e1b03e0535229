import { INCIDENT_UPDATES_MAX } from '@paydar/contracts/status-page-incidents';
import { INCIDENT_GRACE_MS } from '@paydar/domain/incident-grouping';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import { type BuiltUser, buildUser, callAs, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addProber } from '../../admin/prober.commands';
import { dispatchPendingEvents } from '../alerts/alert-dispatch.service';
import { ALERT_SWEEP_QUEUE } from '../alerts/alerts.queues';
import { sweepAutoIncidents } from './auto-incidents';
import { monitorOf, pageOf, storedIncidents } from './incidents.test-support';

let server: TestServer;
let owner: BuiltUser;
let proberId: number;
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  server = await startTestServer({ DASHBOARD_URL: 'https://app.paydar.example' });
  owner = await buildUser(server);
  await setPlan(server, owner.id, 'Enterprise');
  const output = await addProber(server.context, 'auto-incidents-prober', { country: 'DE' });
  proberId = Number(/id (\d+)/.exec(output)?.[1]);
});
afterAll(() => server.close());

/** A down transition as ingest writes it: the open downtime and its event, with no job asking for it. */
async function goesDown(monitorId: number, at: number): Promise<void> {
  await server.context.db.execute(sql`
    WITH downtime AS (
      INSERT INTO downtimes (monitor_id, from_time) VALUES (${monitorId}, ${iso(at)}::timestamptz) RETURNING id)
    INSERT INTO monitor_events (monitor_id, kind, at, downtime_id, origin)
    SELECT ${monitorId}, 'down', ${iso(at)}::timestamptz, id, 'ingest' FROM downtime`);
}

/** An up transition as ingest writes it: the downtime closed and its event. */
async function comesUp(monitorId: number, at: number): Promise<void> {
  await server.context.db.execute(sql`
    WITH downtime AS (
      UPDATE downtimes SET to_time = ${iso(at)}::timestamptz, ended_by = 'recovery'
      WHERE monitor_id = ${monitorId} AND to_time IS NULL RETURNING id)
    INSERT INTO monitor_events (monitor_id, kind, at, downtime_id, origin)
    SELECT ${monitorId}, 'up', ${iso(at)}::timestamptz, id, 'ingest' FROM downtime`);
}

const dispatch = () => dispatchPendingEvents(server.context);

async function twoMonitorPage(extra: Record<string, unknown> = {}) {
  const shop = await monitorOf(server, owner, proberId);
  const api = await monitorOf(server, owner, proberId);
  const page = await pageOf(
    server,
    owner,
    [
      { id: shop, name: 'Shop' },
      { id: api, name: 'API' },
    ],
    extra,
  );
  return { shop, api, page };
}

describe('automatic incidents from monitors’ transitions', () => {
  it('groups two monitors’ downtimes into one incident and resolves it when both are up', async () => {
    const { shop, api, page } = await twoMonitorPage();
    const start = Date.now() - 60 * MINUTE;
    await goesDown(shop, start);
    await dispatch();
    await goesDown(api, start + 2 * MINUTE);
    await dispatch();
    let [incident, ...more] = await storedIncidents(server, page.id);
    expect(more).toHaveLength(0);
    expect(incident).toMatchObject({
      title: 'Shop and API are down',
      origin: 'auto',
      state: 'investigating',
      resolved_at: null,
      monitors: [shop, api].sort((a, b) => a - b),
      updates: [
        {
          state: 'investigating',
          body: 'Shop is not responding to our checks. We are investigating.',
          automatic: true,
        },
      ],
    });
    expect(new Date(incident?.started_at as Date).getTime()).toBe(start);

    await comesUp(shop, start + 5 * MINUTE);
    await dispatch();
    [incident] = await storedIncidents(server, page.id);
    expect(incident?.state).toBe('investigating');

    await comesUp(api, start + 9 * MINUTE);
    await dispatch();
    [incident] = await storedIncidents(server, page.id);
    expect(incident).toMatchObject({ state: 'resolved' });
    expect(new Date(incident?.resolved_at as Date).getTime()).toBe(start + 9 * MINUTE);
    expect(incident?.updates.at(-1)).toEqual({
      state: 'resolved',
      body: 'Shop and API are operational again.',
      automatic: true,
    });
  });

  it('reopens an incident within the grace, and opens a new one after it', async () => {
    const { shop, api, page } = await twoMonitorPage();
    const start = Date.now() - 120 * MINUTE;
    await goesDown(shop, start);
    await comesUp(shop, start + MINUTE);
    await dispatch();
    // Down again within the grace after the resolution: the same incident, reopened.
    await goesDown(api, start + MINUTE + INCIDENT_GRACE_MS);
    await dispatch();
    let incidents = await storedIncidents(server, page.id);
    expect(incidents).toHaveLength(1);
    expect(incidents[0]).toMatchObject({ state: 'investigating', resolved_at: null, title: 'Shop and API are down' });
    expect(incidents[0]?.updates.map((update) => update.state)).toEqual(['investigating', 'resolved', 'investigating']);
    await comesUp(api, start + 10 * MINUTE);
    await dispatch();
    // A third downtime past the grace: a new incident.
    await goesDown(shop, start + 10 * MINUTE + INCIDENT_GRACE_MS + 1);
    await dispatch();
    incidents = await storedIncidents(server, page.id);
    expect(incidents.map((incident) => [incident.title, incident.state])).toEqual([
      ['Shop and API are down', 'resolved'],
      ['Shop is down', 'investigating'],
    ]);
  });

  it('starts a new incident when the one in its grace has no room for a reopening', async () => {
    const { shop, page } = await twoMonitorPage();
    const start = Date.now() - 90 * MINUTE;
    await goesDown(shop, start);
    await comesUp(shop, start + MINUTE);
    await dispatch();
    const [full] = await storedIncidents(server, page.id);
    await server.context.db.execute(sql`
      INSERT INTO incident_updates (incident_id, state, body, automatic, created_at)
      SELECT ${full?.id}, 'investigating', 'flap', true, ${iso(start)}::timestamptz
      FROM generate_series(1, ${INCIDENT_UPDATES_MAX - 3})`);
    await goesDown(shop, start + 2 * MINUTE);
    await dispatch();
    const incidents = await storedIncidents(server, page.id);
    expect(incidents.map((incident) => incident.state)).toEqual(['resolved', 'investigating']);
    expect(incidents[0]?.updates).toHaveLength(INCIDENT_UPDATES_MAX - 1);
  });

  it('leaves the incident to the owner once they wrote an update', async () => {
    const { shop, page } = await twoMonitorPage();
    const start = Date.now() - 30 * MINUTE;
    await goesDown(shop, start);
    await dispatch();
    const [incident] = await storedIncidents(server, page.id);
    const written = await callAs(
      server,
      owner,
      'POST',
      `/api/v1/status_pages/${page.id}/incidents/${incident?.id}/updates/`,
      {
        state: 'identified',
        body: 'A bad deploy.',
      },
    );
    expect(written.statusCode, written.body).toBe(201);
    await comesUp(shop, start + 3 * MINUTE);
    await dispatch();
    await sweepAutoIncidents(server.context);
    const [after] = await storedIncidents(server, page.id);
    expect(after).toMatchObject({ state: 'identified', resolved_at: null });
  });

  it('opens an incident on each page a monitor is on, in each page’s language', async () => {
    const shop = await monitorOf(server, owner, proberId);
    const english = await pageOf(server, owner, [{ id: shop, name: 'Shop' }]);
    const persian = await pageOf(server, owner, [{ id: shop, name: 'فروشگاه' }], { language: 'fa' });
    const start = Date.now() - 20 * MINUTE;
    await goesDown(shop, start);
    await dispatch();
    expect((await storedIncidents(server, english.id)).map((incident) => incident.title)).toEqual(['Shop is down']);
    const [fa] = await storedIncidents(server, persian.id);
    expect(fa?.title).toBe('فروشگاه در دسترس نیست');
    await comesUp(shop, start + MINUTE);
    await dispatch();
    expect((await storedIncidents(server, persian.id))[0]?.updates.at(-1)?.body).toBe('فروشگاه دوباره در دسترس است.');
  });

  it('writes one incident however many dispatchers run, however often', async () => {
    const { shop, page } = await twoMonitorPage();
    await goesDown(shop, Date.now() - 10 * MINUTE);
    await Promise.all(Array.from({ length: 4 }, () => dispatch()));
    await dispatch();
    const incidents = await storedIncidents(server, page.id);
    expect(incidents).toHaveLength(1);
    expect(incidents[0]?.updates).toHaveLength(1);
  });

  it('opens the incident of a transition whose dispatch job was lost (a restart): the sweep finds it', async () => {
    const { shop, page } = await twoMonitorPage();
    await goesDown(shop, Date.now() - 10 * MINUTE);
    // No dispatch job exists for this event, as after a crash between the transition and its job.
    await server.context.jobs.send(ALERT_SWEEP_QUEUE, {}, { retryLimit: 0 });
    await eventually(async () => expect(await storedIncidents(server, page.id)).toHaveLength(1));
  });

  it('opens nothing for a paused monitor or a downtime a maintenance window ended', async () => {
    const { shop, api, page } = await twoMonitorPage();
    const at = Date.now() - 10 * MINUTE;
    await server.context.db.execute(sql`UPDATE monitors SET is_enabled = false WHERE id = ${shop}`);
    await goesDown(shop, at);
    await goesDown(api, at);
    await server.context.db.execute(
      sql`UPDATE downtimes SET to_time = ${iso(at + MINUTE)}::timestamptz, ended_by = 'maintenance' WHERE monitor_id = ${api}`,
    );
    await dispatch();
    expect(await storedIncidents(server, page.id)).toHaveLength(0);
  });

  it('opens nothing for a down inside a maintenance span', async () => {
    const { shop, page } = await twoMonitorPage();
    const at = Date.now() - 10 * MINUTE;
    await server.context.db.execute(sql`
      INSERT INTO maintenance_spans (monitor_id, starts_at, ends_at)
      VALUES (${shop}, ${iso(at - MINUTE)}::timestamptz, ${iso(at + 60 * MINUTE)}::timestamptz)`);
    await goesDown(shop, at);
    await dispatch();
    expect(await storedIncidents(server, page.id)).toHaveLength(0);
  });

  it('resolves by the sweep an incident whose monitor was paused or deleted (no up event comes)', async () => {
    const { shop, api, page } = await twoMonitorPage();
    const at = Date.now() - 10 * MINUTE;
    await goesDown(shop, at);
    await goesDown(api, at + MINUTE);
    await dispatch();
    // The owner pauses one (its downtime ends with no up event) and deletes the other.
    await server.context.db.execute(
      sql`UPDATE downtimes SET to_time = now(), ended_by = 'pause' WHERE monitor_id = ${shop} AND to_time IS NULL`,
    );
    expect((await storedIncidents(server, page.id))[0]?.state).toBe('investigating');
    await callAs(server, owner, 'DELETE', `/api/v1/monitors/${api}/`);
    await sweepAutoIncidents(server.context);
    const [incident] = await storedIncidents(server, page.id);
    expect(incident).toMatchObject({ state: 'resolved', monitors: [shop] });
    expect(incident?.updates.at(-1)).toMatchObject({ body: 'Shop is operational again.', automatic: true });
  });

  it('titles by names as Markdown-safe text', async () => {
    const shop = await monitorOf(server, owner, proberId);
    const page = await pageOf(server, owner, [{ id: shop, name: '<b>[x](javascript:y)</b>' }]);
    await goesDown(shop, Date.now() - MINUTE);
    await dispatch();
    const response = await callAs(server, owner, 'GET', `/api/v1/status_pages/${page.id}/incidents/`);
    const [incident] = response.json().results;
    expect(incident.title).toBe('<b>[x](javascript:y)</b> is down');
    expect(incident.updates[0].body_html).toBe(
      '<p>&lt;b&gt;[x](javascript:y)&lt;/b&gt; is not responding to our checks. We are investigating.</p>\n',
    );
  });
});
