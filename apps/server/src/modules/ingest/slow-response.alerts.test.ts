import { runCheck } from '@paydar/checks/check';
import type { CheckResult } from '@paydar/contracts/agent';
import type { SlowAlertRule } from '@paydar/contracts/slow-alert';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postResults } from '../../../test/check-results';
import { eventually } from '../../../test/eventually';
import { type FakeWebhookReceiver, startFakeWebhookReceiver } from '../../../test/fakes/webhook-receiver';
import { dispatchPendingEvents } from '../alerts/alert-dispatch.service';
import {
  type AlertWorld,
  allChannelRefs,
  buildAlertOwner,
  notificationRows,
  startAlertWorld,
} from '../alerts/alerts.test-support';

/**
 * Slow-response alerts end to end: real HTTP checks of a loopback target whose delay the test
 * sets, posted through the agent API as probers send them, judged by the real ingest, alerted by
 * the real dispatch and delivery to the channel fakes.
 */

let world: AlertWorld;
let target: FakeWebhookReceiver;
beforeAll(async () => {
  world = await startAlertWorld();
  target = await startFakeWebhookReceiver();
});
afterAll(async () => {
  await target.stop();
  await world.stop();
});

const SECOND = 1000;
let ownerCount = 0;

/** An owner with a verified email, phone (Gold: voice calls), Telegram and webhook, and a monitor of the target with `rule`. */
async function slowMonitor(rule: SlowAlertRule, probers: string[] = ['A', 'B', 'C']) {
  ownerCount += 1;
  const chatId = 8100 + ownerCount;
  const channels = {
    emails: [{ value: `slow-${ownerCount}@example.test`, is_verified: true }],
    phones: [{ value: `0912000${String(ownerCount).padStart(4, '0')}`, is_verified: true }],
    telegram_usernames: [{ value: `@slow_${ownerCount}`, is_verified: true }],
    webhooks: [{ value: `${world.webhooks.url}/slow-${ownerCount}`, is_verified: true }],
  };
  const owner = await buildAlertOwner(world, channels, {
    plan: 'Gold',
    telegramChatIds: { [`@slow_${ownerCount}`]: chatId },
  });
  const response = await world.server.app.inject({
    method: 'POST',
    url: '/api/v1/monitors/',
    headers: owner.headers,
    payload: {
      protocol_type: 'HTTP',
      url: `${target.url}/health-${ownerCount}`,
      alias: `slow-${ownerCount}`,
      period: 300,
      apdex: 0.125,
      probers: probers.map((name) => world.probers[name]?.id),
      alert: allChannelRefs(channels),
      slow_alert: rule,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const monitor = response.json() as { id: number; url: string };
  return { owner, monitor, webhookPath: `/slow-${ownerCount}`, chatId };
}

/** One real check of the monitor's target, answering after `delayMs` (with `status`), as scheduled at `time`. */
async function realCheck(monitor: { id: number; url: string }, time: number, delayMs: number, status = 200) {
  target.setDelay(delayMs);
  if (status !== 204) target.respondNext(1, status);
  const result = await runCheck(
    {
      monitor_id: monitor.id,
      protocol: 'HTTP',
      target: monitor.url,
      period_seconds: 300,
      timeout_ms: 5000,
      http: { method: 'GET', headers: [], body: null, max_redirects: 0 },
    },
    { scheduledAt: new Date(time), allowPrivateTargets: true },
  );
  target.setDelay(0);
  return result;
}

async function post(prober: string, results: CheckResult[]) {
  const response = await postResults(world.server, world.probers[prober]?.key, results);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { accepted: number; duplicates: number };
}

async function slowEvents(monitorId: number) {
  const result = await world.server.context.db.execute<{ kind: string; reason: string; at: string }>(
    sql`SELECT kind, reason, at FROM monitor_events WHERE monitor_id = ${monitorId} AND kind IN ('slow', 'slow_recovered') ORDER BY id`,
  );
  return result.rows;
}

async function detail(owner: { headers: Record<string, string> }, id: number) {
  const response = await world.server.app.inject({
    method: 'GET',
    url: `/api/v1/monitors/${id}/`,
    headers: owner.headers,
  });
  return response.json() as { slow: { since: string; reason: string } | null };
}

/** Every notification of the owner has been sent; returns them as "kind type". */
async function sentNotifications(ownerId: number, count: number) {
  return eventually(async () => {
    const rows = await notificationRows(world, ownerId);
    expect(rows).toHaveLength(count);
    expect(rows.every((row) => row.state === 'sent')).toBe(true);
    return rows.map((row) => `${row.kind} ${row.notification_type}`).sort();
  });
}

const ONE_OF_EACH = (kind: string) => [`${kind} email`, `${kind} sms`, `${kind} telegram`, `${kind} webhook`];

describe('the apdex rule', () => {
  it('turns slow when the apdex of the last N checks falls below the threshold, and back, one message each per channel', async () => {
    const { owner, monitor, webhookPath } = await slowMonitor({ rule: 'apdex', checks: 5, below: 0.7 });
    const start = Date.now() - 30 * 60 * SECOND;
    // 200 ms against T = 125 ms: tolerating, worth ½ each. Four of them are not yet five checks.
    for (let index = 0; index < 4; index += 1) await post('A', [await realCheck(monitor, start + index * SECOND, 200)]);
    expect(await slowEvents(monitor.id)).toEqual([]);
    await post('B', [await realCheck(monitor, start + 4 * SECOND, 200)]);
    const [slow] = await slowEvents(monitor.id);
    expect(slow).toMatchObject({ kind: 'slow', reason: 'Apdex 0.50 over the last 5 checks (threshold 0.70).' });
    expect(Date.parse(String(slow?.at))).toBe(start + 4 * SECOND);
    expect((await detail(owner, monitor.id)).slow).toEqual({
      since: new Date(start + 4 * SECOND).toISOString(),
      reason: 'Apdex 0.50 over the last 5 checks (threshold 0.70).',
    });
    expect(await sentNotifications(owner.id, 4)).toEqual(ONE_OF_EACH('slow'));

    // Still slow: nothing more. Then fast answers (satisfied, 1 each): the second brings it to 0.70.
    await post('C', [await realCheck(monitor, start + 5 * SECOND, 200)]);
    await post('A', [await realCheck(monitor, start + 6 * SECOND, 0)]);
    expect(await slowEvents(monitor.id)).toHaveLength(1);
    await post('B', [await realCheck(monitor, start + 7 * SECOND, 0)]);
    const events = await slowEvents(monitor.id);
    expect(events.map((event) => [event.kind, event.reason])).toEqual([
      ['slow', 'Apdex 0.50 over the last 5 checks (threshold 0.70).'],
      ['slow_recovered', 'Apdex back to 0.70 over the last 5 checks (threshold 0.70).'],
    ]);
    expect((await detail(owner, monitor.id)).slow).toBeNull();
    expect(await sentNotifications(owner.id, 8)).toEqual(
      [...ONE_OF_EACH('slow'), ...ONE_OF_EACH('slow_recovered')].sort(),
    );

    const mails = world.server.inbox.messages.filter((mail) => mail.to.includes(`slow-${ownerCount}@example.test`));
    expect(mails.map((mail) => mail.subject)).toEqual([
      '[Paydar] SLOW: HTTP:slow-1',
      '[Paydar] FAST AGAIN: HTTP:slow-1',
    ]);
    expect(mails[0]?.text).toContain('Apdex 0.50 over the last 5 checks (threshold 0.70).');
    const hooks = world.webhooks.requests.filter((request) => request.path === webhookPath);
    expect(hooks.map((request) => JSON.parse(request.body).event)).toEqual(['monitor.slow', 'monitor.slow_recovered']);
    expect(world.kavenegar.calls.filter((call) => call.method === 'call/maketts')).toEqual([]);
  });
});

describe('the response-time rule', () => {
  it('needs exactly N slow checks in a row, skips failures, ignores a resent batch, and recovers after N fast ones', async () => {
    const { owner, monitor } = await slowMonitor({ rule: 'response_time', above_ms: 100, checks: 3 });
    const start = Date.now() - 20 * 60 * SECOND;
    const at = (second: number) => start + second * SECOND;
    // Two slow, one fast: the run is broken.
    await post('A', [await realCheck(monitor, at(0), 150), await realCheck(monitor, at(1), 150)]);
    await post('A', [await realCheck(monitor, at(2), 0)]);
    // N−1 = 2 slow in a row, with a failure (skipped) between them: nothing yet.
    await post('A', [await realCheck(monitor, at(3), 150), await realCheck(monitor, at(4), 0, 503)]);
    await post('A', [await realCheck(monitor, at(5), 150)]);
    expect(await slowEvents(monitor.id)).toEqual([]);
    const third = [await realCheck(monitor, at(6), 150)];
    expect(await post('A', third)).toMatchObject({ accepted: 1 });
    const [slow] = await slowEvents(monitor.id);
    expect(slow?.kind).toBe('slow');
    expect(slow?.reason).toMatch(/^Response time above 100 ms for 3 checks in a row \(last 1\d\d ms\)\.$/);
    expect(Date.parse(String(slow?.at))).toBe(at(6));
    // The same batch again (a prober resending after a lost answer) is a duplicate and alerts nothing.
    expect(await post('A', third)).toMatchObject({ accepted: 0, duplicates: 1 });
    expect(await slowEvents(monitor.id)).toHaveLength(1);

    await post('A', [await realCheck(monitor, at(7), 0), await realCheck(monitor, at(8), 0)]);
    expect(await slowEvents(monitor.id)).toHaveLength(1);
    await post('A', [await realCheck(monitor, at(9), 0)]);
    const events = await slowEvents(monitor.id);
    expect(events.map((event) => event.kind)).toEqual(['slow', 'slow_recovered']);
    expect(events[1]?.reason).toMatch(/^Response time back to at most 100 ms for 3 checks in a row \(last \d+ ms\)\.$/);
    expect(await sentNotifications(owner.id, 8)).toEqual(
      [...ONE_OF_EACH('slow'), ...ONE_OF_EACH('slow_recovered')].sort(),
    );
  });

  it('takes two probers’ checks in time order, however their batches arrive', async () => {
    const { owner, monitor } = await slowMonitor({ rule: 'response_time', above_ms: 100, checks: 4 });
    const start = Date.now() - 15 * 60 * SECOND;
    // A checks at 0 s and 2 s, B at 1 s and 3 s; B's batch arrives first, then A's older one.
    const a = [await realCheck(monitor, start, 150), await realCheck(monitor, start + 2 * SECOND, 150)];
    const b = [await realCheck(monitor, start + SECOND, 150)];
    await post('B', b);
    await post('A', a.slice(0, 1));
    expect(await slowEvents(monitor.id)).toEqual([]);
    await post('A', a.slice(1));
    expect(await slowEvents(monitor.id)).toEqual([]);
    await post('B', [await realCheck(monitor, start + 3 * SECOND, 150)]);
    const [slow] = await slowEvents(monitor.id);
    expect(slow?.kind).toBe('slow');
    expect(Date.parse(String(slow?.at))).toBe(start + 3 * SECOND);
    // A check older than the full window arrives late: too late to count either way.
    await post('C', [await realCheck(monitor, start - 60 * SECOND, 0)]);
    expect(await slowEvents(monitor.id)).toHaveLength(1);
    expect(await sentNotifications(owner.id, 4)).toEqual(ONE_OF_EACH('slow'));
  });
});

describe('batches racing', () => {
  it('two probers posting at once make one slow alert, not two', async () => {
    const { owner, monitor } = await slowMonitor({ rule: 'response_time', above_ms: 100, checks: 4 });
    const start = Date.now() - 50 * 60 * SECOND;
    const checks = [];
    for (let index = 0; index < 8; index += 1) checks.push(await realCheck(monitor, start + index * SECOND, 150));
    await Promise.all([
      post('A', [checks[0], checks[2]] as CheckResult[]),
      post('B', [checks[1], checks[3]] as CheckResult[]),
      post('C', [checks[4]] as CheckResult[]),
      post('A', [checks[6]] as CheckResult[]),
      post('B', [checks[5], checks[7]] as CheckResult[]),
    ]);
    expect((await slowEvents(monitor.id)).map((event) => event.kind)).toEqual(['slow']);
    expect(await sentNotifications(owner.id, 4)).toEqual(ONE_OF_EACH('slow'));
  });
});

describe('a state kept for another rule', () => {
  it('starts over under the monitor’s rule, silently (an edit racing a batch leaves no stale window)', async () => {
    const { owner, monitor } = await slowMonitor({ rule: 'response_time', above_ms: 100, checks: 2 });
    await world.server.context.db.execute(sql`
      INSERT INTO monitor_slow_states (monitor_id, rule, is_slow, since, reason, recent_checks)
      VALUES (${monitor.id}, '{"rule": "apdex", "checks": 5, "below": 0.7}', true, now(), 'old', '[[1, 5000, 1]]')`);
    const start = Date.now() - 5 * 60 * SECOND;
    await post('A', [await realCheck(monitor, start, 0)]);
    const row = (
      await world.server.context.db.execute<{ rule: unknown; is_slow: boolean; recent_checks: unknown[] }>(
        sql`SELECT rule, is_slow, recent_checks FROM monitor_slow_states WHERE monitor_id = ${monitor.id}`,
      )
    ).rows[0];
    expect(row?.rule).toEqual({ rule: 'response_time', above_ms: 100, checks: 2 });
    expect(row?.is_slow).toBe(false);
    expect(row?.recent_checks).toHaveLength(1);
    expect(await slowEvents(monitor.id)).toEqual([]);
    await post('A', [await realCheck(monitor, start + SECOND, 150), await realCheck(monitor, start + 2 * SECOND, 150)]);
    expect((await slowEvents(monitor.id)).map((event) => event.kind)).toEqual(['slow']);
    expect(await sentNotifications(owner.id, 4)).toEqual(ONE_OF_EACH('slow'));
  });
});

describe('while the monitor is down', () => {
  it('the apdex rule does not read an outage’s first failures as slowness', async () => {
    const { owner, monitor } = await slowMonitor({ rule: 'apdex', checks: 5, below: 0.9 });
    const start = Date.now() - 45 * 60 * SECOND;
    const at = (second: number) => start + second * SECOND;
    for (let index = 0; index < 4; index += 1) await post('A', [await realCheck(monitor, at(index), 0)]);
    // A's failure opens a confirmation round: 4 fast and 1 failed would be 0.80, below 0.90, but the round decides first.
    await post('A', [await realCheck(monitor, at(10), 0, 503)]);
    await post('B', [await realCheck(monitor, at(11), 0, 503)]);
    await post('C', [await realCheck(monitor, at(12), 0, 503)]);
    await eventually(async () =>
      expect((await notificationRows(world, owner.id)).filter((row) => row.kind === 'down')).toHaveLength(5),
    );
    expect(await slowEvents(monitor.id)).toEqual([]);
  });

  it('alerts nothing slow; once up again the rule counts from the recovery on', async () => {
    const { owner, monitor } = await slowMonitor({ rule: 'response_time', above_ms: 100, checks: 1 });
    const start = Date.now() - 40 * 60 * SECOND;
    const at = (second: number) => start + second * SECOND;
    // The majority fails: down from A's failure.
    await post('A', [await realCheck(monitor, at(0), 0, 503)]);
    await post('B', [await realCheck(monitor, at(1), 0, 503)]);
    await post('C', [await realCheck(monitor, at(2), 0, 503)]);
    await eventually(async () => expect((await notificationRows(world, owner.id)).length).toBeGreaterThan(0));
    // B answers, slowly, while A and C still fail: still down, and no slow alert.
    await post('B', [await realCheck(monitor, at(10), 150)]);
    await post('A', [await realCheck(monitor, at(11), 0, 503)]);
    await post('C', [await realCheck(monitor, at(12), 0, 503)]);
    await post('B', [await realCheck(monitor, at(13), 150)]);
    expect(await slowEvents(monitor.id)).toEqual([]);
    // Up again (fast): no slow alert either; then a slow answer alerts, as N = 1 says.
    await post('A', [await realCheck(monitor, at(20), 0)]);
    await post('C', [await realCheck(monitor, at(21), 0)]);
    await post('B', [await realCheck(monitor, at(22), 0)]);
    expect(await slowEvents(monitor.id)).toEqual([]);
    await post('B', [await realCheck(monitor, at(30), 150)]);
    expect((await slowEvents(monitor.id)).map((event) => event.kind)).toEqual(['slow']);
    const kinds = await eventually(async () => {
      const rows = await notificationRows(world, owner.id);
      expect(rows.filter((row) => row.kind === 'slow')).toHaveLength(4);
      return rows.map((row) => row.kind);
    });
    expect(kinds.filter((kind) => kind === 'down')).toHaveLength(5);
    expect(kinds.filter((kind) => kind === 'up')).toHaveLength(4);
  });
});

describe('a paused monitor', () => {
  it('alerts nothing of a slow event still queued when it was paused', async () => {
    const { owner, monitor } = await slowMonitor({ rule: 'response_time', above_ms: 100, checks: 1 });
    const db = world.server.context.db;
    // Paused first, then the event is found queued: dispatch must not send what the pause silenced.
    await db.execute(sql`UPDATE monitors SET is_enabled = false WHERE id = ${monitor.id}`);
    await db.execute(sql`INSERT INTO monitor_events (monitor_id, kind, at, reason)
      VALUES (${monitor.id}, 'slow', now(), 'Response time above 100 ms for 1 check in a row (last 150 ms).')`);
    await dispatchPendingEvents(world.server.context);
    const events = await db.execute<{ processed_at: string | null }>(
      sql`SELECT processed_at FROM monitor_events WHERE monitor_id = ${monitor.id}`,
    );
    expect(events.rows.map((row) => row.processed_at !== null)).toEqual([true]);
    expect(await notificationRows(world, owner.id)).toEqual([]);
  });
});
