import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplica, startTestServer, type TestServer } from '../../../test/harness';
import { DEMO_MONITORS, DEMO_PROBERS, DEMO_RAW_DAYS } from './demo.catalogue';
import { advanceDemoData, seedDemoData } from './demo.service';
import { demoCounts } from './demo.test-support';
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
      (SELECT coalesce(sum(checks), 0)::int FROM hourly_rollups r WHERE r.monitor_id = m.id) AS checks,
      (SELECT coalesce(sum(failures), 0)::int FROM hourly_rollups r WHERE r.monitor_id = m.id) AS failures,
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
    expect(monitors).toHaveLength(6);
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
    // Ten minutes more of checks: six monitors on three probers, at most one check a minute each.
    expect(after.rollupChecks - before.rollupChecks).toBeGreaterThan(0);
    expect(after.rollupChecks - before.rollupChecks).toBeLessThanOrEqual(6 * 3 * 11);
    expect(after.raw - before.raw).toBe(after.rollupChecks - before.rollupChecks);
  });

  it('keeps the demo probers seen and the monitors checked recently', async () => {
    const { rows } = await server.context.db.execute<{ stale: number; unseen: number }>(sql`
      SELECT (SELECT count(*)::int FROM monitor_states s JOIN monitors m ON m.id = s.monitor_id
                WHERE m.is_demo AND s.last_check_at < now() + interval '10 minutes' - interval '6 minutes') AS stale,
             (SELECT count(*)::int FROM probers WHERE is_demo AND last_seen_at < now()) AS unseen`);
    expect(rows[0]).toEqual({ stale: 0, unseen: 0 });
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
});
