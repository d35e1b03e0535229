import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { type FakeWebhookReceiver, startFakeWebhookReceiver } from '../../../test/fakes/webhook-receiver';
import { startTestServer, type TestServer } from '../../../test/harness';
import { monitorStates, probers } from '../../db/schema/index';
import { dispatchPendingEvents } from '../alerts/alert-dispatch.service';
import { ENTERPRISE_PLAN_NAME } from '../plans/plans.catalogue';

/**
 * Maintenance windows through real ingest (issue 14): the built-in prober checks a loopback target
 * every 5 s; the target answers 503 on the paths in `failing`, 200 elsewhere; alerts go to a fake
 * webhook receiver on loopback.
 */

const MINUTE = 60_000;
const PATH = '/api/v1/maintenance_windows';
let server: TestServer;
let hooks: FakeWebhookReceiver;
let target: http.Server;
let targetUrl: string;
let localProberId: number;
const failing = new Set<string>();

beforeAll(async () => {
  target = http.createServer((request, response) => {
    response.statusCode = failing.has(request.url ?? '') ? 503 : 200;
    response.end();
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  hooks = await startFakeWebhookReceiver();
  server = await startTestServer({ ALLOW_PRIVATE_TARGETS: 'true' }, { runBuiltinProber: true });
  const [local] = await server.context.db.select().from(probers).where(eq(probers.name, 'Local'));
  localProberId = local?.id ?? 0;
});
afterAll(async () => {
  await server.close();
  await hooks.stop();
  await new Promise((resolve) => target.close(resolve));
});

async function owner(path: string): Promise<BuiltUser> {
  const user = await buildUser(server);
  await setPlan(server, user.id, ENTERPRISE_PLAN_NAME);
  const channels = {
    emails: [],
    phones: [],
    telegram_usernames: [],
    webhooks: [{ value: `${hooks.url}/hooks${path}`, is_verified: true }],
  };
  await server.context.db.execute(
    sql`UPDATE users SET alert_channels = ${JSON.stringify(channels)}::jsonb WHERE id = ${user.id}`,
  );
  return user;
}

const stateOf = async (monitorId: number) =>
  (await server.context.db.select().from(monitorStates).where(eq(monitorStates.monitorId, monitorId)))[0];

async function healthyMonitor(user: BuiltUser, path: string): Promise<number> {
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/v1/monitors/',
    headers: user.headers,
    payload: {
      protocol_type: 'HTTP',
      url: `${targetUrl}${path}`,
      period: 5,
      apdex: 0.5,
      probers: [localProberId],
      alert: [{ type: 'webhooks', value: `${hooks.url}/hooks${path}` }],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  await eventually(async () => expect((await stateOf(id))?.lastStatusCode).toBe(200));
  return id;
}

const eventKinds = async (monitorId: number) =>
  (
    await server.context.db.execute<{ kind: string }>(
      // Ingest's transitions; the alert rules write their own events (origin 'rules') from them.
      sql`SELECT kind FROM monitor_events WHERE monitor_id = ${monitorId} AND origin = 'ingest' ORDER BY id`,
    )
  ).rows.map((row) => row.kind);

const downtimesOf = async (monitorId: number) =>
  (
    await server.context.db.execute<{ from_time: Date; to_time: Date | null; ended_by: string | null }>(
      sql`SELECT from_time, to_time, ended_by FROM downtimes WHERE monitor_id = ${monitorId} ORDER BY id`,
    )
  ).rows;

const alertsTo = (path: string) =>
  hooks.requests.filter((request) => request.path === `/hooks${path}`).map((request) => JSON.parse(request.body).state);

const failedRecords = async (monitorId: number, from: Date) =>
  Number(
    (
      await server.context.db.execute<{ count: string }>(
        sql`SELECT count(*) FROM probe_records WHERE monitor_id = ${monitorId} AND NOT success AND time >= ${from.toISOString()}::timestamptz`,
      )
    ).rows[0]?.count,
  );

const metricOf = async (user: BuiltUser, monitorId: number) => {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/v1/monitors/${monitorId}/metric`,
    headers: user.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const createWindow = async (user: BuiltUser, monitorId: number, from: number, to: number) => {
  const response = await server.app.inject({
    method: 'POST',
    url: PATH,
    headers: user.headers,
    payload: {
      title: 'Upgrade',
      monitors: [monitorId],
      kind: 'once',
      starts_at: new Date(from).toISOString(),
      ends_at: new Date(to).toISOString(),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a failing target inside a maintenance window', () => {
  const path = '/inside';
  let user: BuiltUser;
  let monitorId: number;
  let window: { id: number };
  let windowStart: Date;

  beforeAll(async () => {
    user = await owner(path);
    monitorId = await healthyMonitor(user, path);
    // Some whole seconds watched before the window: uptime counts whole seconds, and a window opened
    // within a second of the first check would leave none (uptime null, not 100 %).
    await wait(2_000);
    windowStart = new Date();
    window = await createWindow(user, monitorId, Date.now(), Date.now() + 30 * MINUTE);
    failing.add(path);
    // Four checks' worth of failures: without the window, two would open a downtime and alert.
    await eventually(async () => expect(await failedRecords(monitorId, windowStart)).toBeGreaterThanOrEqual(4));
    await wait(2_000);
  });

  it('stores the checks but opens no downtime and sends nothing', async () => {
    expect(await downtimesOf(monitorId)).toEqual([]);
    expect(await eventKinds(monitorId)).toEqual([]);
    expect(alertsTo(path)).toEqual([]);
    const state = await stateOf(monitorId);
    expect(state?.isDown).toBe(false);
    expect(state?.lastStatusCode).toBe(503);
    expect(state?.confirmingSince).toBeNull();
  });

  it('shows the monitor in maintenance, and the window counts neither up nor down', async () => {
    const metric = await metricOf(user, monitorId);
    expect(Date.parse(metric.in_maintenance_until)).toBeGreaterThan(Date.now() + 25 * MINUTE);
    expect(metric.maintenance).toHaveLength(1);
    expect(metric.maintenance[0].to_time).toBeNull();
    expect(metric.uptime_percent).toBe(100);
    expect(metric.is_down).toBe(false);
  });

  it('a down event whose time falls inside the window is marked done and sends nothing', async () => {
    await server.context.db.execute(
      sql`INSERT INTO monitor_events (monitor_id, kind, at) VALUES (${monitorId}, 'down', now())`,
    );
    await dispatchPendingEvents(server.context);
    const rows = await server.context.db.execute<{ processed_at: Date | null; sent: number }>(sql`
      SELECT e.processed_at, (SELECT count(*)::int FROM notifications n WHERE n.event_id = e.id) AS sent
      FROM monitor_events e WHERE e.monitor_id = ${monitorId}`);
    // The transition, and the rules' down told of it: both done, neither sent.
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const row of rows.rows) {
      expect(row.processed_at).not.toBeNull();
      expect(row.sent).toBe(0);
    }
    await wait(1_000);
    expect(alertsTo(path)).toEqual([]);
    await server.context.db.execute(sql`DELETE FROM monitor_events WHERE monitor_id = ${monitorId}`);
  });

  it('after the window is ended early, a failure opens a downtime and alerts', async () => {
    const ended = await server.app.inject({ method: 'POST', url: `${PATH}/${window.id}/end`, headers: user.headers });
    expect(ended.statusCode, ended.body).toBe(200);
    const endedAt = Date.parse(ended.json().ends_at);
    const alert = await hooks.waitForRequest((request) => request.path === `/hooks${path}`, 30_000);
    expect(JSON.parse(alert.body).state).toBe('down');
    const [downtime] = await downtimesOf(monitorId);
    expect(new Date(downtime?.from_time as Date).getTime()).toBeGreaterThanOrEqual(endedAt);
    expect(await eventKinds(monitorId)).toEqual(['down']);
    // The window's minutes stay left out of the uptime; the downtime after it counts.
    const metric = await metricOf(user, monitorId);
    expect(metric.maintenance).toHaveLength(1);
    expect(metric.maintenance[0].to_time).not.toBeNull();
    expect(metric.in_maintenance_until).toBeNull();
    failing.delete(path);
  });
});

describe('a downtime open when a window starts', () => {
  const path = '/open';
  let user: BuiltUser;
  let monitorId: number;
  let start: number;

  beforeAll(async () => {
    user = await owner(path);
    monitorId = await healthyMonitor(user, path);
    failing.add(path);
    await eventually(async () => expect((await stateOf(monitorId))?.isDown).toBe(true));
    await hooks.waitForRequest((request) => request.path === `/hooks${path}`, 10_000);
    start = Date.now() + 3_000;
    await createWindow(user, monitorId, start, start + 30 * MINUTE);
    await eventually(async () => expect((await downtimesOf(monitorId))[0]?.ended_by).toBe('maintenance'));
    await wait(2_000);
  });

  it('ends at the window’s start, marked as ended by maintenance, with no up alert', async () => {
    const [downtime] = await downtimesOf(monitorId);
    expect(new Date(downtime?.to_time as Date).getTime()).toBe(start);
    expect(await eventKinds(monitorId)).toEqual(['down']);
    expect(alertsTo(path)).toEqual(['down']);
    expect((await stateOf(monitorId))?.isDown).toBe(false);
    const metric = await metricOf(user, monitorId);
    expect(metric.downtimes[0].ended_by).toBe('maintenance');
    expect(metric.is_down).toBe(false);
  });

  it('after the window is deleted, the state machine starts afresh: the failure is a new downtime', async () => {
    const list = (await server.app.inject({ method: 'GET', url: PATH, headers: user.headers })).json();
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `${PATH}/${list.results[0].id}`,
      headers: user.headers,
    });
    expect(removed.statusCode).toBe(200);
    await eventually(async () => expect(alertsTo(path)).toEqual(['down', 'down']));
    const downtimes = await downtimesOf(monitorId);
    expect(downtimes).toHaveLength(2);
    expect(downtimes[1]?.to_time).toBeNull();
    failing.delete(path);
  });
});
