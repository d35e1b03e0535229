import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DAY_MS, utcDayStart } from '@paydar/domain/time';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { type FakeWebhookReceiver, startFakeWebhookReceiver } from '../../../test/fakes/webhook-receiver';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addProber } from '../../admin/prober.commands';
import { monitorPauses, monitorStates, probers } from '../../db/schema/index';
import { dispatchPendingEvents } from '../alerts/alert-dispatch.service';
import { openDowntime } from '../ingest/monitor-state.repository';
import { ENTERPRISE_PLAN_NAME } from '../plans/plans.catalogue';
import { runSubscriptionExpiry } from '../subscriptions/expiry.service';

/**
 * Issue 13, "a paused monitor is paused": the built-in prober checks a loopback target every 5 s;
 * the target answers 503 on the paths in `failing`, 200 elsewhere.
 */

const MINUTE = 60_000;
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

/** An Enterprise user (5 s periods) alerted by a webhook at `/hooks<path>`. */
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

const monitorInput = (path: string) => ({
  protocol_type: 'HTTP',
  url: `${targetUrl}${path}`,
  period: 5,
  apdex: 0.5,
  probers: [localProberId],
  alert: [{ type: 'webhooks', value: `${hooks.url}/hooks${path}` }],
});

const stateOf = async (monitorId: number) =>
  (await server.context.db.select().from(monitorStates).where(eq(monitorStates.monitorId, monitorId)))[0];

/** A monitor checked healthy once, then failing until it is down and its down alert has gone out. */
async function downMonitor(user: BuiltUser, path: string): Promise<number> {
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/v1/monitors/',
    headers: user.headers,
    payload: monitorInput(path),
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  await eventually(async () => expect((await stateOf(id))?.lastStatusCode).toBe(200));
  failing.add(path);
  await eventually(async () => expect((await stateOf(id))?.isDown).toBe(true));
  const alert = await hooks.waitForRequest((request) => request.path === `/hooks${path}`, 10_000);
  expect(JSON.parse(alert.body).state).toBe('down');
  return id;
}

const eventKinds = async (monitorId: number) =>
  (
    await server.context.db.execute<{ kind: string }>(
      // Ingest's transitions; what the alert rules made of them is in alertsTo.
      sql`SELECT kind FROM monitor_events WHERE monitor_id = ${monitorId} AND origin = 'ingest' ORDER BY id`,
    )
  ).rows.map((row) => row.kind);

const alertsTo = (path: string) =>
  hooks.requests.filter((request) => request.path === `/hooks${path}`).map((request) => JSON.parse(request.body).state);

const metricOf = async (user: BuiltUser, monitorId: number) => {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/v1/monitors/${monitorId}/metric`,
    headers: user.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const setEnabled = async (user: BuiltUser, monitorId: number, path: string, isEnabled: boolean) => {
  const response = await server.app.inject({
    method: 'PUT',
    url: `/api/v1/monitors/${monitorId}/`,
    headers: user.headers,
    payload: { ...monitorInput(path), is_enabled: isEnabled },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 2_000));

describe('a down monitor its owner disables, then enables', () => {
  const path = '/owner';
  let user: BuiltUser;
  let monitorId: number;

  beforeAll(async () => {
    user = await owner(path);
    monitorId = await downMonitor(user, path);
    await setEnabled(user, monitorId, path, false);
  });

  it('ends the downtime at the pause, as ended by it, and lets nothing grow while paused', async () => {
    // 21 minutes on, but not into tomorrow: today's metric would no longer hold the downtime (CI ran at 23:42 UTC).
    const ahead = Math.max(0, Math.min(21 * MINUTE, utcDayStart(Date.now()) + DAY_MS - Date.now() - 30_000));
    server.clock.offsetMs = ahead;
    try {
      const metric = await metricOf(user, monitorId);
      const [downtime] = metric.downtimes;
      const [paused] = metric.paused;
      expect(metric.downtimes).toHaveLength(1);
      expect(downtime.ended_by).toBe('pause');
      expect(downtime.to_time).toBe(paused.from_time);
      expect(downtime.duration).toBeLessThan(60);
      expect(paused.to_time).toBeNull();
      expect(paused.duration).toBeGreaterThanOrEqual(Math.floor(ahead / 1000));
      expect(metric.is_down).toBe(false);
      // Observed: the first check to the pause, in whole seconds; the paused minutes are neither up nor down.
      const observed = Math.round((Date.parse(paused.from_time) - Date.parse(metric.first_check_at)) / 1000);
      expect(downtime.duration).toBeLessThan(observed);
      expect(metric.uptime_percent).toBeCloseTo(((observed - downtime.duration) / observed) * 100, 6);
    } finally {
      server.clock.offsetMs = 0;
    }
  });

  it('sends no recovery alert for the pause', async () => {
    await settle();
    expect(await eventKinds(monitorId)).toEqual(['down']);
    expect(alertsTo(path)).toEqual(['down']);
  });

  it('starts fresh when enabled with the target healthy: unknown, then up, and alerts nothing', async () => {
    failing.delete(path);
    const enabled = await setEnabled(user, monitorId, path, true);
    expect(enabled.is_enabled).toBe(true);
    const metric = await metricOf(user, monitorId);
    expect(metric.is_down).toBe(false);
    expect(metric.paused).toHaveLength(1);
    expect(metric.paused[0].to_time).not.toBeNull();
    await eventually(async () => expect((await stateOf(monitorId))?.lastStatusCode).toBe(200));
    await settle();
    expect((await stateOf(monitorId))?.isDown).toBe(false);
    expect(await eventKinds(monitorId)).toEqual(['down']);
    expect(alertsTo(path)).toEqual(['down']);
  });

  it('shows another user neither the monitor nor its pauses', async () => {
    const stranger = await buildUser(server);
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/v1/monitors/${monitorId}/metric`,
      headers: stranger.headers,
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('paused');
  });
});

describe('a down monitor the end of its plan switches off', () => {
  const path = '/expiry';
  let user: BuiltUser;
  let monitorId: number;

  beforeAll(async () => {
    user = await owner(path);
    monitorId = await downMonitor(user, path);
    await server.context.db.execute(
      sql`UPDATE subscriptions SET expire_time = now() - interval '1 minute' WHERE user_id = ${user.id} AND is_active`,
    );
    await runSubscriptionExpiry(server.context);
  });

  it('pauses it like its owner would: the downtime ends at the pause and no recovery alert goes out', async () => {
    const metric = await metricOf(user, monitorId);
    expect(metric.downtimes).toHaveLength(1);
    expect(metric.downtimes[0].ended_by).toBe('pause');
    expect(metric.downtimes[0].to_time).toBe(metric.paused[0].from_time);
    expect(metric.paused[0].to_time).toBeNull();
    await settle();
    expect(await eventKinds(monitorId)).toEqual(['down']);
    expect(alertsTo(path)).toEqual(['down']);
  });
});

describe('results of a paused monitor', () => {
  it('are refused while it is paused, and those from before its resume after it', async () => {
    const output = await addProber(server.context, 'paused-results', { country: 'DE' });
    const key = output.split('\n')[1] ?? '';
    const proberId = Number(/id (\d+)/.exec(output)?.[1]);
    const user = await owner('/results');
    const input = { ...monitorInput('/results'), probers: [proberId], alert: [] };
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/monitors/',
      headers: user.headers,
      payload: input,
    });
    const monitorId = created.json().id as number;
    const post = async (time: number) => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/agent/v1/results',
        headers: { authorization: `Prober ${key}` },
        payload: {
          results: [
            {
              monitor_id: monitorId,
              time: new Date(time).toISOString(),
              success: false,
              status_code: 503,
              error: 'HTTP 503 Service Unavailable',
              phases: { resolve: 1, connect: 2, tls: null, response: 10, duration: 20 },
              extra_info: {},
            },
          ],
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { accepted: number; rejected: number };
    };
    const update = (isEnabled: boolean) =>
      server.app.inject({
        method: 'PUT',
        url: `/api/v1/monitors/${monitorId}/`,
        headers: user.headers,
        payload: { ...input, is_enabled: isEnabled },
      });

    expect((await update(false)).statusCode).toBe(200);
    const pausedAt = Date.now();
    expect(await post(pausedAt + 100)).toMatchObject({ accepted: 0, rejected: 1 });
    expect((await update(true)).statusCode).toBe(200);
    const [pause] = await server.context.db.select().from(monitorPauses).where(eq(monitorPauses.monitorId, monitorId));
    const resumedAt = pause?.endedAt?.getTime() ?? 0;
    expect(resumedAt).toBeGreaterThan(pausedAt);
    // Checked before the resume, delivered after it: it belongs to the paused span.
    expect(await post(resumedAt - 1)).toMatchObject({ accepted: 0, rejected: 1 });
    expect(await post(Date.now() + 1_000)).toMatchObject({ accepted: 1, rejected: 0 });
    expect((await stateOf(monitorId))?.isDown).toBe(false);
  });
});

describe('a down event still queued when the monitor is paused', () => {
  it('is not alerted once the pause has ended its downtime, even after the monitor is enabled again', async () => {
    const path = '/queued';
    const user = await owner(path);
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/monitors/',
      headers: user.headers,
      payload: { ...monitorInput(path), is_enabled: false },
    });
    const monitorId = created.json().id as number;
    // As ingest leaves it when the owner pauses before the dispatcher ran: the downtime ended by the
    // pause, its 'down' event not yet dispatched.
    await server.context.db.execute(sql`
      WITH opened AS (
        INSERT INTO downtimes (monitor_id, from_time, to_time, ended_by)
        VALUES (${monitorId}, now() - interval '2 minutes', now() - interval '1 minute', 'pause') RETURNING id)
      INSERT INTO monitor_events (monitor_id, kind, at, downtime_id)
      SELECT ${monitorId}, 'down', now() - interval '2 minutes', id FROM opened`);
    await setEnabled(user, monitorId, path, true);
    await dispatchPendingEvents(server.context);
    const processed = await server.context.db.execute<{ processed: boolean }>(
      sql`SELECT processed_at IS NOT NULL AS processed FROM monitor_events WHERE monitor_id = ${monitorId}`,
    );
    expect(processed.rows).toEqual([{ processed: true }]);
    const notifications = await server.context.db.execute(
      sql`SELECT id FROM notifications WHERE monitor_id = ${monitorId}`,
    );
    expect(notifications.rows).toEqual([]);
    await settle();
    expect(alertsTo(path)).toEqual([]);
  });
});

describe('a down decision that lands after the pause committed', () => {
  it('opens no downtime and writes no down event for the paused monitor', async () => {
    const user = await owner('/late-decision');
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/monitors/',
      headers: user.headers,
      payload: { ...monitorInput('/late-decision'), is_enabled: false },
    });
    const monitorId = created.json().id as number;
    await server.context.runInTransaction((transaction) => openDowntime(transaction.db, monitorId, Date.now()));
    const downtimes = await server.context.db.execute(sql`SELECT id FROM downtimes WHERE monitor_id = ${monitorId}`);
    expect(downtimes.rows).toEqual([]);
    expect(await eventKinds(monitorId)).toEqual([]);
  });
});
