import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplica, startTestServer, type TestServer } from '../../../test/harness';
import { HEARTBEAT_PROBER_ID } from '../heartbeats/heartbeat-verdict';
import { lateReason } from '../heartbeats/lateness-sweep';
import { FAIL_REASON } from '../heartbeats/ping.service';
import { DEMO_MONITORS } from './demo.catalogue';
import { seedDemoData } from './demo.service';
import { DEMO_HEARTBEAT, demoCounts, demoHeaders } from './demo.test-support';
import { heartbeatStateAt } from './demo-heartbeat';

const DAY = 86_400_000;

describe('seeding the demo account', () => {
  let server: TestServer;
  let replica: TestServer;
  let seededBy: boolean[];
  beforeAll(async () => {
    // Off at start, so the test starts the two seeds itself, at the same time, on two replicas.
    server = await startTestServer({ DEMO_DATA_ENABLED: 'false' });
    replica = await startReplica(server);
    const outcomes = await Promise.all([seedDemoData(server.context), seedDemoData(replica.context)]);
    seededBy = outcomes.map((outcome) => outcome.seeded);
    console.info(`demo seed: ${Math.max(...outcomes.map((outcome) => outcome.ms))} ms`);
  }, 120_000);
  afterAll(async () => {
    await replica.close();
    await server.close();
  });

  it('is done by one of two replicas starting together, the other finding it done', () => {
    expect(seededBy.filter(Boolean)).toHaveLength(1);
  });

  it('gives the demo every protocol: the probed ones on three demo probers each, the heartbeat on none', async () => {
    const { rows } = await server.context.db.execute<{ protocol: string; url: string | null; probers: number }>(sql`
      SELECT protocol_type AS protocol, url, (SELECT count(*)::int FROM monitor_probers mp WHERE mp.monitor_id = m.id) AS probers
      FROM monitors m JOIN users u ON u.id = m.user_id WHERE m.is_demo AND u.is_demo`);
    expect(new Set(rows.map((row) => row.protocol))).toEqual(new Set(['HTTP', 'ICMP', 'TCP', 'DNS', 'HEARTBEAT']));
    expect(rows.some((row) => row.url?.startsWith('https://'))).toBe(true);
    expect(rows.some((row) => row.url?.startsWith('http://'))).toBe(true);
    for (const row of rows) expect(row.probers, row.protocol).toBe(row.protocol === 'HEARTBEAT' ? 0 : 3);
  });

  it("lists the demo's monitors in the catalogue's order, its first on top", async () => {
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/v1/monitors/',
      headers: await demoHeaders(server),
    });
    const aliases = (list.json() as { results: Array<{ alias: string }> }).results.map((item) => item.alias);
    expect(aliases).toEqual(DEMO_MONITORS.map((spec) => spec.alias));
  });

  it('gives its HTTPS monitors a TLS certificate in their detail, current and never warned of', async () => {
    const headers = await demoHeaders(server);
    const list = await server.app.inject({ method: 'GET', url: '/api/v1/monitors/', headers });
    const results = (list.json() as { results: Array<{ id: number; url: string | null }> }).results;
    const https = results.filter((monitor) => monitor.url?.startsWith('https://'));
    expect(https.length).toBeGreaterThan(0);
    for (const monitor of results) {
      const detail = await server.app.inject({ method: 'GET', url: `/api/v1/monitors/${monitor.id}/`, headers });
      const certificate = detail.json().certificate as { host: string; days_left: number; issuer: string } | null;
      if (!monitor.url?.startsWith('https://')) {
        expect(certificate).toBeNull();
        continue;
      }
      expect(certificate?.host).toBe(new URL(monitor.url).hostname);
      expect(certificate?.days_left).toBeGreaterThanOrEqual(29);
      expect(certificate?.days_left).toBeLessThanOrEqual(90);
    }
    const warned = await server.context.db.execute(sql`
      SELECT 1 FROM monitor_events e JOIN monitors m ON m.id = e.monitor_id
      WHERE m.is_demo AND e.kind = 'certificate_expiry'`);
    expect(warned.rows).toEqual([]);
  });

  it('writes 90 days of quarter-hour rollups and raw records for the recent days only', async () => {
    const { rows } = await server.context.db.execute<{ oldest: Date; newest: Date; raw_oldest: Date }>(sql`
      SELECT min(quarter) AS oldest, max(quarter) AS newest,
        (SELECT min(time) FROM probe_records WHERE monitor_id IN (SELECT id FROM monitors WHERE is_demo)) AS raw_oldest
      FROM quarter_rollups WHERE monitor_id IN (SELECT id FROM monitors WHERE is_demo)`);
    const [span] = rows;
    const now = Date.now();
    expect(now - new Date(span?.oldest ?? 0).getTime()).toBeGreaterThan(89 * DAY);
    expect(now - new Date(span?.newest ?? 0).getTime()).toBeLessThan(2 * 3_600_000);
    // Enough raw records for the public status page's day two days ago, in UTC or in Tehran.
    expect(now - new Date(span?.raw_oldest ?? 0).getTime()).toBeLessThan(3.5 * DAY + 60_000);
    expect(now - new Date(span?.raw_oldest ?? 0).getTime()).toBeGreaterThan(3.5 * DAY - 60 * 60_000);
  });

  it('gives the outage monitor closed downtimes over the 90 days, each alerted by email and Telegram', async () => {
    const { rows } = await server.context.db.execute<{ downtimes: number; days: number; told: number }>(sql`
      SELECT count(*)::int AS downtimes, (max(from_time)::date - min(from_time)::date) AS days,
        (SELECT count(*)::int FROM notifications n WHERE n.monitor_id = m.id AND n.state = 'sent') AS told
      FROM downtimes d JOIN monitors m ON m.id = d.monitor_id WHERE m.is_demo AND m.alias = 'Blog' GROUP BY m.id`);
    const [blog] = rows;
    expect(blog?.downtimes).toBeGreaterThan(5);
    expect(blog?.days).toBeGreaterThan(60);
    // A down and an up per closed downtime, on two channels each (an open one has its down only).
    expect(blog?.told).toBeGreaterThanOrEqual(4 * ((blog?.downtimes ?? 0) - 1));
  });

  it('shows the flapping monitor as flapping, with many changes', async () => {
    const { rows } = await server.context.db.execute<{ flapping: boolean; changes: number }>(sql`
      SELECT a.is_flapping AS flapping,
        (SELECT count(*)::int FROM monitor_events e WHERE e.monitor_id = m.id AND e.kind IN ('down', 'up')) AS changes
      FROM monitors m JOIN monitor_alert_states a ON a.monitor_id = m.id WHERE m.is_demo AND m.alias = 'Database'`);
    expect(rows[0]?.flapping).toBe(true);
    expect(rows[0]?.changes).toBeGreaterThan(1000);
  });

  it('gives the slow monitor a slow-response rule, slow hours and slow alerts', async () => {
    const { rows } = await server.context.db.execute<{ rule: unknown; slow: number; frustrated: number }>(sql`
      SELECT m.slow_alert AS rule,
        (SELECT count(*)::int FROM monitor_events e WHERE e.monitor_id = m.id AND e.kind = 'slow') AS slow,
        (SELECT coalesce(sum(frustrated), 0)::int FROM quarter_rollups r WHERE r.monitor_id = m.id) AS frustrated
      FROM monitors m WHERE m.is_demo AND m.alias = 'Payments API'`);
    expect(rows[0]?.rule).toMatchObject({ rule: 'response_time' });
    expect(rows[0]?.slow).toBeGreaterThan(40);
    expect(rows[0]?.frustrated).toBeGreaterThan(1000);
  });

  it('gives the demo maintenance: a nightly window with past and coming spans, and a one-off upgrade ahead', async () => {
    const { rows } = await server.context.db.execute<{
      title: string;
      kind: string;
      alias: string;
      past: number;
      coming: number;
      oldest: Date;
    }>(sql`
      SELECT w.title, w.kind, m.alias,
        count(*) FILTER (WHERE s.ends_at <= now())::int AS past,
        count(*) FILTER (WHERE s.starts_at > now())::int AS coming,
        min(s.starts_at) AS oldest
      FROM maintenance_windows w JOIN users u ON u.id = w.user_id AND u.is_demo
      JOIN maintenance_spans s ON s.window_id = w.id JOIN monitors m ON m.id = s.monitor_id AND m.is_demo
      GROUP BY w.id, m.alias ORDER BY w.id`);
    expect(rows.map((row) => [row.title, row.kind, row.alias])).toEqual([
      ['Nightly router backup', 'weekly', 'Gateway'],
      ['Payments API upgrade', 'once', 'Payments API'],
    ]);
    const [nightly, upgrade] = rows;
    // The whole history has its nights (so any past day can show one), and the next two weeks too.
    expect(nightly?.past).toBeGreaterThanOrEqual(89);
    expect(nightly?.coming).toBeGreaterThanOrEqual(13);
    expect(Date.now() - new Date(nightly?.oldest ?? 0).getTime()).toBeGreaterThan(89 * DAY);
    expect(upgrade).toMatchObject({ past: 0, coming: 1 });
  });

  it("makes the demo probers report their health: the last hours' checks, none failed through their fault", async () => {
    const { rows } = await server.context.db.execute<{ name: string; checks: number; failures: number }>(sql`
      SELECT p.name, sum(h.checks)::int AS checks, sum(h.prober_failures)::int AS failures
      FROM probers p JOIN prober_health_hours h ON h.prober_id = p.id
      WHERE p.is_demo AND h.hour >= now() - interval '2 hours' GROUP BY p.name ORDER BY p.name`);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.checks).toBeGreaterThan(100);
      expect(row.failures).toBe(0);
    }
    // The probers call as the demo sees it carries them.
    const login = await server.app.inject({ method: 'GET', url: '/api/v1/users/login_as_demo' });
    const probers = await server.app.inject({
      method: 'GET',
      url: '/api/v1/probers/',
      headers: { authorization: `Token ${login.json().key}` },
    });
    const listed = (probers.json() as { results: Array<{ health: { checks: number } }> }).results;
    expect(listed.length).toBe(3);
    expect(listed.every((prober) => prober.health.checks > 0)).toBe(true);
  });

  it("gives the heartbeat its pings' records, its reported failures as alerted downtimes and its panel", async () => {
    const { rows } = await server.context.db.execute<{
      id: number;
      hash: string | null;
      prefix: string | null;
      grace: number;
      pings: number;
      failures: number;
      probers: number[];
    }>(sql`
      SELECT m.id, m.ping_token_hash AS hash, m.ping_token_prefix AS prefix, m.grace_seconds AS grace,
        (SELECT sum(checks)::int FROM quarter_rollups r WHERE r.monitor_id = m.id) AS pings,
        (SELECT sum(failures)::int FROM quarter_rollups r WHERE r.monitor_id = m.id) AS failures,
        (SELECT array_agg(DISTINCT prober_id) FROM quarter_rollups r WHERE r.monitor_id = m.id) AS probers
      FROM monitors m WHERE m.is_demo AND m.protocol_type = 'HEARTBEAT'`);
    const [heartbeat] = rows;
    if (!heartbeat) throw new Error('the demo has no heartbeat');
    // One run an hour for 90 days, each filed under the heartbeat's prober id 0, as the heartbeats module files them.
    expect(heartbeat.pings).toBeGreaterThan(90 * 24 - 2);
    expect(heartbeat.pings).toBeLessThanOrEqual(90 * 24 + 1);
    expect(heartbeat.failures).toBeGreaterThan(0);
    expect(heartbeat.probers).toEqual([HEARTBEAT_PROBER_ID]);
    expect(heartbeat).toMatchObject({
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      prefix: expect.any(String),
      grace: 300,
    });

    const downtimes = await server.context.db.execute<{ reason: string; minutes: number; told: number }>(sql`
      SELECT e.reason, extract(epoch FROM d.to_time - d.from_time)::int / 60 AS minutes,
        (SELECT count(*)::int FROM notifications n WHERE n.event_id = e.id AND n.state = 'sent') AS told
      FROM downtimes d JOIN monitor_events e ON e.downtime_id = d.id AND e.kind = 'down'
      WHERE d.monitor_id = ${heartbeat.id} AND d.to_time IS NOT NULL`);
    expect(downtimes.rows.length).toBeGreaterThan(2);
    for (const downtime of downtimes.rows) {
      const reported = downtime.reason.startsWith(`${FAIL_REASON} `) && downtime.reason.length > FAIL_REASON.length + 1;
      expect(reported || downtime.reason === lateReason(3600, 300), downtime.reason).toBe(true);
      // Down until the next hour's run succeeds.
      expect(downtime.minutes).toBeGreaterThanOrEqual(50);
      expect(downtime.minutes).toBeLessThanOrEqual(62);
      expect(downtime.told).toBe(2);
    }

    const detail = await server.app.inject({
      method: 'GET',
      url: `/api/v1/monitors/${heartbeat.id}/`,
      headers: await demoHeaders(server),
    });
    const panel = detail.json().heartbeat as {
      grace: number;
      ping_url_hint: string;
      last_ping_at: string | null;
      last_ping_kind: string | null;
      last_ping_note: string | null;
      expected_by: string | null;
    };
    expect(panel.grace).toBe(300);
    expect(panel.ping_url_hint).toMatch(new RegExp(`/ping/${heartbeat.prefix}…$`));
    // The state the pings and the sweep would have left at the seed's end: the panel's last ping and expected-by.
    const seeded = await server.context.db.execute<{ until: number }>(
      sql`SELECT (extract(epoch FROM generated_until) * 1000)::float8 AS until FROM demo_data`,
    );
    const state = heartbeatStateAt(DEMO_HEARTBEAT, seeded.rows[0]?.until ?? 0);
    const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
    expect(panel).toMatchObject({
      last_ping_at: iso(state.lastPing?.at),
      last_ping_kind: state.lastPing?.kind,
      last_ping_note: state.lastPing?.note ?? null,
      expected_by: iso(state.deadline),
    });
    expect(Date.now() - Date.parse(panel.last_ping_at ?? '')).toBeLessThan(3 * 3_600_000);
  });

  it('writes nothing more when seeded again (a restart)', async () => {
    const before = await demoCounts(server);
    expect(before.monitors).toBe(DEMO_MONITORS.length);
    expect(before.probers).toBe(3);
    expect((await seedDemoData(server.context)).seeded).toBe(false);
    expect(await demoCounts(server)).toEqual(before);
  });
});
