import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, postJson } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { assignedEnabledMonitors } from '../agent/assignments.repository';
import { newPingToken } from '../heartbeats/ping-token';
import { DEMO_MONITORS } from './demo.catalogue';
import { advanceDemoData } from './demo.service';
import { demoCounts } from './demo.test-support';

/** Demo data is never mixed with real results: real probers, real users and alert sending never meet it. */

let server: TestServer;
let demoMonitorIds: number[];
let demoProberIds: number[];
let localProberId: number;

beforeAll(async () => {
  server = await startTestServer({ DEMO_DATA_ENABLED: 'true' });
  const ids = async (query: ReturnType<typeof sql>) =>
    (await server.context.db.execute<{ id: number }>(query)).rows.map((row) => row.id);
  demoMonitorIds = await ids(sql`SELECT id FROM monitors WHERE is_demo ORDER BY id`);
  demoProberIds = await ids(sql`SELECT id FROM probers WHERE is_demo ORDER BY id`);
  [localProberId = 0] = await ids(sql`SELECT id FROM probers WHERE is_builtin`);
}, 120_000);
afterAll(() => server.close());

describe('demo data stays apart', () => {
  it('assigns no demo monitor to a real prober, and no real monitor to a demo prober', async () => {
    expect(demoMonitorIds).toHaveLength(DEMO_MONITORS.length);
    const local = await assignedEnabledMonitors(server.context.db, localProberId);
    expect(local.filter((monitor) => monitor.isDemo)).toEqual([]);
    const { rows } = await server.context.db.execute<{ mixed: number }>(sql`
      SELECT count(*)::int AS mixed FROM monitor_probers mp JOIN monitors m ON m.id = mp.monitor_id
      JOIN probers p ON p.id = mp.prober_id WHERE m.is_demo <> p.is_demo`);
    expect(rows[0]?.mixed).toBe(0);
  });

  it('refuses, in the database, a real monitor on a demo prober and a demo monitor on a real prober', async () => {
    const user = await buildUser(server);
    const created = await postJson(
      server.app,
      '/api/v1/monitors/',
      { protocol_type: 'HTTP', url: '93.184.216.34/health', period: 300, apdex: 0.5, probers: [localProberId] },
      user.headers,
    );
    expect(created.statusCode).toBe(201);
    const realId = created.json().id as number;
    await expect(
      server.context.db.execute(sql`INSERT INTO monitor_probers VALUES (${realId}, ${demoProberIds[0]})`),
    ).rejects.toThrow();
    await expect(
      server.context.db.execute(sql`INSERT INTO monitor_probers VALUES (${demoMonitorIds[0]}, ${localProberId})`),
    ).rejects.toThrow();
  });

  it('never shows a real user the demo probers, nor lets one monitor from them', async () => {
    const user = await buildUser(server);
    const probers = (await server.app.inject({ method: 'GET', url: '/api/v1/probers/', headers: user.headers })).json();
    const listed = probers.results.map((prober: { id: number }) => prober.id);
    expect(listed).toContain(localProberId);
    for (const id of demoProberIds) expect(listed).not.toContain(id);
    const onDemo = await postJson(
      server.app,
      '/api/v1/monitors/',
      { protocol_type: 'HTTP', url: '93.184.216.34/health', period: 300, apdex: 0.5, probers: [demoProberIds[0]] },
      user.headers,
    );
    expect(onDemo.statusCode).toBeGreaterThanOrEqual(400);
    expect(onDemo.statusCode).toBeLessThan(500);
  });

  it("never shows a real user the demo's monitors, metrics or history", async () => {
    const user = await buildUser(server);
    const get = (url: string) => server.app.inject({ method: 'GET', url, headers: user.headers });
    expect((await get('/api/v1/monitors/')).json().count).toBe(0);
    for (const id of demoMonitorIds) {
      expect((await get(`/api/v1/monitors/${id}/`)).statusCode).toBe(404);
      expect((await get(`/api/v1/monitors/${id}/metric`)).statusCode).toBe(404);
    }
    expect((await get(`/api/v1/notification_history/?monitor_id=${demoMonitorIds[1]}`)).json().count).toBe(0);
  });

  it('lets no ping reach the demo heartbeat, not even one with its secret', async () => {
    const { rows } = await server.context.db.execute<{ id: number; prefix: string; hash: string }>(sql`
      SELECT id, ping_token_prefix AS prefix, ping_token_hash AS hash FROM monitors WHERE is_demo AND protocol_type = 'HEARTBEAT'`);
    const [heartbeat] = rows;
    if (!heartbeat) throw new Error('the demo has no heartbeat');
    const records = async () =>
      (await server.context.db.execute(sql`SELECT 1 FROM probe_records WHERE monitor_id = ${heartbeat.id}`)).rows
        .length;
    const before = await records();
    // The secret was never kept: give the row one we know, as if it had leaked.
    const leaked = newPingToken();
    await server.context.db.execute(
      sql`UPDATE monitors SET ping_token_hash = ${leaked.hash} WHERE id = ${heartbeat.id}`,
    );
    try {
      for (const token of [leaked.token, heartbeat.prefix])
        for (const suffix of ['', '/start', '/fail'])
          expect((await server.app.inject({ method: 'GET', url: `/ping/${token}${suffix}` })).statusCode).toBe(404);
      expect(await records()).toBe(before);
    } finally {
      await server.context.db.execute(
        sql`UPDATE monitors SET ping_token_hash = ${heartbeat.hash} WHERE id = ${heartbeat.id}`,
      );
    }
  });

  it('sends nothing for demo events: every event is already processed, every history row already sent, no mail goes out', async () => {
    await advanceDemoData(server.context);
    const { rows } = await server.context.db.execute<{ unprocessed: number; unsent: number }>(sql`
      SELECT (SELECT count(*)::int FROM monitor_events WHERE processed_at IS NULL
                AND monitor_id IN (SELECT id FROM monitors WHERE is_demo)) AS unprocessed,
             (SELECT count(*)::int FROM notifications WHERE state <> 'sent'
                AND user_id IN (SELECT id FROM users WHERE is_demo)) AS unsent`);
    expect(rows[0]).toEqual({ unprocessed: 0, unsent: 0 });
    expect((await demoCounts(server)).notifications).toBeGreaterThan(10);
    // Give the alert workers and their sweep a moment: had they taken a demo event, a mail would be here.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(server.inbox.messages).toEqual([]);
  });

  it('bills nothing: the demo shows its plan without a purchase, and its plan never expires', async () => {
    const { rows } = await server.context.db.execute<{ plan: string; expires: Date | null; ledger: number }>(sql`
      SELECT p.name AS plan, s.expire_time AS expires,
        (SELECT count(*)::int FROM financial_transactions l WHERE l.user_id = u.id) AS ledger
      FROM users u JOIN subscriptions s ON s.user_id = u.id AND s.is_active JOIN plans p ON p.id = s.plan_id
      WHERE u.is_demo`);
    expect(rows[0]).toEqual({ plan: 'Gold', expires: null, ledger: 0 });
  });
});
