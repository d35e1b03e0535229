import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, setPlan } from '../../../test/factories';
import { startReplica, startTestServer, type TestServer } from '../../../test/harness';
import { createHeartbeat, ping, stateOf } from '../heartbeats/heartbeats.test-support';
import { sweepLateHeartbeats } from '../heartbeats/lateness-sweep';
import { DEMO_MONITORS, DEMO_PROBERS, DEMO_RAW_DAYS } from './demo.catalogue';
import { advanceDemoData, seedDemoData } from './demo.service';
import { DEMO_HEARTBEAT, demoCounts } from './demo.test-support';
import { heartbeatChecksIn, heartbeatStateAt } from './demo-heartbeat';
import { buildHistory } from './demo-history';
import { downSpans } from './demo-incidents';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Per monitor alias: checks and failures in the rollups, downtimes and open downtimes, as stored. */
async function stored(server: TestServer) {
  const { rows } = await server.context.db.execute<{
    alias: string;
    id: number;
    checks: number;
    failures: number;
    downtimes: number;
    open: number;
  }>(sql`
    SELECT m.alias, m.id,
      (SELECT coalesce(sum(checks), 0)::int FROM quarter_rollups r WHERE r.monitor_id = m.id) AS checks,
      (SELECT coalesce(sum(failures), 0)::int FROM quarter_rollups r WHERE r.monitor_id = m.id) AS failures,
      (SELECT count(*)::int FROM downtimes d WHERE d.monitor_id = m.id) AS downtimes,
      (SELECT count(*)::int FROM downtimes d WHERE d.monitor_id = m.id AND d.to_time IS NULL) AS open
    FROM monitors m WHERE m.is_demo ORDER BY m.id`);
  return rows;
}

async function watermark(server: TestServer) {
  const { rows } = await server.context.db.execute<{ seeded: Date; until: Date }>(
    sql`SELECT seeded_at AS seeded, generated_until AS until FROM demo_data`,
  );
  return { seeded: new Date(rows[0]?.seeded ?? 0).getTime(), until: new Date(rows[0]?.until ?? 0).getTime() };
}

describe('keeping the demo current', () => {
  let server: TestServer;
  let replica: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ DEMO_DATA_ENABLED: 'false' });
    replica = await startReplica(server);
    // Seeded five hours ago: the appends below bring it to now.
    server.clock.offsetMs = -5 * HOUR;
    await seedDemoData(server.context);
    server.clock.offsetMs = 0;
  }, 120_000);
  afterAll(async () => {
    await replica.close();
    await server.close();
  });

  it("a lateness sweep after a long stop passes the demo heartbeat by: the demo's catch-up writes its history", async () => {
    // Stopped five hours: the heartbeat's deadline (last success + an hour and five minutes) is long past.
    const heartbeatState = async () =>
      (
        await server.context.db.execute<Record<string, unknown>>(sql`
          SELECT h.*, s.is_down, s.last_check_at FROM heartbeat_states h JOIN monitor_states s USING (monitor_id)
          WHERE monitor_id = (SELECT id FROM monitors WHERE is_demo AND protocol_type = 'HEARTBEAT')`)
      ).rows[0];
    // Were the seed's end inside a downtime (no deadline armed), arm one in the past: the sweep must pass it by anyway.
    await server.context.db.execute(sql`
      UPDATE heartbeat_states SET deadline = now() - interval '3 hours' WHERE deadline IS NULL
        AND monitor_id = (SELECT id FROM monitors WHERE is_demo AND protocol_type = 'HEARTBEAT')`);
    const before = { counts: await demoCounts(server), state: await heartbeatState() };
    expect(new Date(before.state?.deadline as string).getTime()).toBeLessThan(Date.now() - HOUR);

    // A real heartbeat late at the same time: the sweep runs, and takes down what is due.
    const owner = await buildUser(server);
    await setPlan(server, owner.id, 'Gold');
    const real = await createHeartbeat(server, owner, { period: 60, grace: 0 });
    await ping(server, real.token);
    server.clock.offsetMs = 2 * 60_000;
    const outcome = await sweepLateHeartbeats(server.context);
    server.clock.offsetMs = 0;
    expect(outcome.late).toBe(1);
    expect(await stateOf(server, real.id)).toMatchObject({ is_down: true });

    expect(await demoCounts(server)).toEqual(before.counts);
    expect(await heartbeatState()).toEqual(before.state);
    // Nor does it wake for the demo's deadlines.
    expect(outcome.nextDeadline).toBeNull();
  });

  it('appends the checks since the last run, and the same rows as one seed over the whole time would hold', async () => {
    const appended = await advanceDemoData(server.context);
    expect(appended?.to).toBeDefined();
    expect((appended?.to ?? 0) - (appended?.from ?? 0)).toBeGreaterThan(5 * HOUR - 60_000);
    const { seeded, until } = await watermark(server);
    expect(until).toBe(appended?.to);

    // What one pass over [seed's start, now) gives, computed in memory.
    const rows = await stored(server);
    const probers = await server.context.db.execute<{ id: number; name: string }>(
      sql`SELECT id, name FROM probers WHERE is_demo ORDER BY id`,
    );
    const monitors = rows.flatMap((row) => {
      const spec = DEMO_MONITORS.find((candidate) => candidate.alias === row.alias);
      return spec ? [{ id: row.id, spec }] : [];
    });
    const demoProbers = probers.rows.flatMap((row) => {
      const spec = DEMO_PROBERS.find((candidate) => candidate.name === row.name);
      return spec ? [{ id: row.id, spec }] : [];
    });
    expect(monitors).toHaveLength(DEMO_MONITORS.length);
    const from = seeded - 90 * DAY;
    const whole = buildHistory(monitors, demoProbers, { from, to: until, rawFrom: until });
    for (const row of rows) {
      const hours = whole.rollups.filter((rollup) => rollup.monitorId === row.id);
      expect(row.checks, row.alias).toBe(hours.reduce((sum, rollup) => sum + rollup.checks, 0));
      expect(row.failures, row.alias).toBe(hours.reduce((sum, rollup) => sum + rollup.failures, 0));
      const spec = DEMO_MONITORS.find((candidate) => candidate.alias === row.alias);
      if (!spec) throw new Error(`no catalogue entry for ${row.alias}`);
      const spans = downSpans(spec, from, until).filter((span) => span.from >= from);
      expect(row.downtimes, row.alias).toBe(spans.length);
      expect(row.open, row.alias).toBe(spans.filter((span) => span.to > until).length);
    }
    // The heartbeat's panel and state as the pings and the sweep would have left them at the end.
    const heartbeat = await server.context.db.execute<{
      last_ping_ms: number | null;
      last_ping_kind: string | null;
      last_ping_note: string | null;
      started_ms: number | null;
      deadline_ms: number | null;
      is_down: boolean;
      last_check_ms: number;
      last_status: string;
    }>(sql`
      SELECT (extract(epoch FROM h.last_ping_at) * 1000)::float8 AS last_ping_ms, h.last_ping_kind, h.last_ping_note,
        (extract(epoch FROM h.started_at) * 1000)::float8 AS started_ms,
        (extract(epoch FROM h.deadline) * 1000)::float8 AS deadline_ms, s.is_down,
        (extract(epoch FROM s.last_check_at) * 1000)::float8 AS last_check_ms, s.last_status
      FROM heartbeat_states h JOIN monitor_states s USING (monitor_id) JOIN monitors m ON m.id = h.monitor_id
      WHERE m.is_demo AND m.protocol_type = 'HEARTBEAT'`);
    const expected = heartbeatStateAt(DEMO_HEARTBEAT, until);
    expect(heartbeat.rows[0]).toEqual({
      last_ping_ms: expected.lastPing?.at ?? null,
      last_ping_kind: expected.lastPing?.kind ?? null,
      last_ping_note: expected.lastPing?.note ?? null,
      started_ms: expected.startedAt,
      deadline_ms: expected.deadline,
      is_down: downSpans(DEMO_HEARTBEAT, until - DAY, until).some((span) => span.from < until && span.to > until),
      last_check_ms: expected.lastFiled?.check.time,
      last_status: { success: 'OK', fail: 'Failed', late: 'Late' }[expected.lastFiled?.kind ?? 'success'],
    });
  });

  it('adds nothing when run again for a time already written (a retried or late job)', async () => {
    const before = await demoCounts(server);
    const { until } = await watermark(server);
    server.clock.offsetMs = until - Date.now() - 1_000;
    expect(await advanceDemoData(server.context)).toBeUndefined();
    expect(await demoCounts(server)).toEqual(before);
    expect((await watermark(server)).until).toBe(until);
    server.clock.offsetMs = 0;
  });

  it('appends once when two replicas run it together', async () => {
    server.clock.offsetMs = 10 * 60_000;
    replica.clock.offsetMs = 10 * 60_000;
    const before = await demoCounts(server);
    const outcomes = await Promise.all([advanceDemoData(server.context), advanceDemoData(replica.context)]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const after = await demoCounts(server);
    // Ten minutes more of checks: the probed monitors on three probers, at most one check a minute each,
    // and at most one run of the hourly heartbeat.
    const probed = DEMO_MONITORS.length - 1;
    expect(after.rollupChecks - before.rollupChecks).toBeGreaterThan(0);
    expect(after.rollupChecks - before.rollupChecks).toBeLessThanOrEqual(probed * 3 * 11 + 1);
    expect(after.raw - before.raw).toBe(after.rollupChecks - before.rollupChecks);
  });

  it('keeps the demo probers seen, the monitors checked recently and the heartbeat pinged within its hour', async () => {
    const { rows } = await server.context.db.execute<{ stale: number; unseen: number; unpinged: number }>(sql`
      SELECT (SELECT count(*)::int FROM monitor_states s JOIN monitors m ON m.id = s.monitor_id
                WHERE m.is_demo AND m.protocol_type <> 'HEARTBEAT'
                  AND s.last_check_at < now() + interval '10 minutes' - interval '6 minutes') AS stale,
             (SELECT count(*)::int FROM probers WHERE is_demo AND last_seen_at < now()) AS unseen,
             (SELECT count(*)::int FROM heartbeat_states h JOIN monitors m ON m.id = h.monitor_id
                WHERE m.is_demo AND h.last_ping_at < now() + interval '10 minutes' - interval '2 hours') AS unpinged`);
    expect(rows[0]).toEqual({ stale: 0, unseen: 0, unpinged: 0 });
  });

  it('gives a demo seeded before it had maintenance windows its windows at the next run, once', async () => {
    // A demo seeded by an older version: no windows, no spans.
    await server.context.db.execute(
      sql`DELETE FROM maintenance_windows WHERE user_id IN (SELECT id FROM users WHERE is_demo)`,
    );
    await server.context.db.execute(
      sql`DELETE FROM maintenance_spans WHERE monitor_id IN (SELECT id FROM monitors WHERE is_demo)`,
    );
    const count = async () => {
      const { rows } = await server.context.db.execute<{ windows: number; past: number }>(sql`
        SELECT (SELECT count(*)::int FROM maintenance_windows w JOIN users u ON u.id = w.user_id AND u.is_demo) AS windows,
          (SELECT count(*)::int FROM maintenance_spans s JOIN monitors m ON m.id = s.monitor_id AND m.is_demo
            WHERE s.ends_at < now() - interval '30 days') AS past`);
      return rows[0];
    };
    expect(await count()).toEqual({ windows: 0, past: 0 });
    server.clock.offsetMs = 2 * 60_000;
    await advanceDemoData(server.context);
    const after = await count();
    expect(after?.windows).toBe(2);
    // The past of the history has its occurrences too, not only what lies ahead.
    expect(after?.past).toBeGreaterThan(50);
    server.clock.offsetMs = 4 * 60_000;
    await advanceDemoData(server.context);
    expect(await count()).toEqual(after);
    server.clock.offsetMs = 0;
  });

  it('keeps raw records for the recent days only, as the clock moves on', async () => {
    server.clock.offsetMs = 2 * DAY;
    await advanceDemoData(server.context);
    const { rows } = await server.context.db.execute<{ oldest: Date }>(
      sql`SELECT min(time) AS oldest FROM probe_records WHERE monitor_id IN (SELECT id FROM monitors WHERE is_demo)`,
    );
    const now = Date.now() + 2 * DAY;
    // Kept: the raw days and one more (the prune's margin), no further back.
    expect(new Date(rows[0]?.oldest ?? 0).getTime()).toBeGreaterThanOrEqual(now - (DEMO_RAW_DAYS + 1) * DAY - 60_000);
    expect(new Date(rows[0]?.oldest ?? 0).getTime()).toBeLessThan(now - DEMO_RAW_DAYS * DAY);
    server.clock.offsetMs = 0;
  });

  it('gives a demo seeded before it had the heartbeat its heartbeat at the next run, with 90 days of history', async () => {
    // A demo seeded by an older version: no heartbeat.
    await server.context.db.execute(sql`DELETE FROM monitors WHERE is_demo AND protocol_type = 'HEARTBEAT'`);
    const { until } = await watermark(server);
    server.clock.offsetMs = until + 60_000 - Date.now();
    const appended = await advanceDemoData(server.context);
    server.clock.offsetMs = 0;
    const to = appended?.to ?? 0;
    const rows = (await stored(server)).filter((row) => row.alias === DEMO_HEARTBEAT.alias);
    expect(rows).toHaveLength(1);
    const [heartbeat] = rows;
    // The history the seed would have given it, up to the old watermark, and the append's minute.
    const checks = heartbeatChecksIn(DEMO_HEARTBEAT, until - 90 * DAY, to);
    expect(heartbeat?.checks).toBe(checks.length);
    expect(heartbeat?.failures).toBe(checks.filter((check) => !check.success).length);
    const spans = downSpans(DEMO_HEARTBEAT, until - 90 * DAY, to).filter((span) => span.from >= until - 90 * DAY);
    expect(heartbeat?.downtimes).toBe(spans.length);
    const probers = await server.context.db.execute(
      sql`SELECT 1 FROM monitor_probers WHERE monitor_id = ${heartbeat?.id ?? 0}`,
    );
    expect(probers.rows).toEqual([]);
    // Once: the next run adds nothing of the kind.
    server.clock.offsetMs = to + 60_000 - Date.now();
    await advanceDemoData(server.context);
    server.clock.offsetMs = 0;
    expect((await stored(server)).filter((row) => row.alias === DEMO_HEARTBEAT.alias)).toHaveLength(1);
  });
});
