import { INITIAL_ALERT_STATE } from '@paydar/domain/alert-policy';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { demoData, monitorProbers, monitors, probers } from '../../db/schema/index';
import type { StoredProberState } from '../../db/schema/monitors';
import { generateSecret, hashSecret } from '../accounts/secrets';
import { newPingToken } from '../heartbeats/ping-token';
import { ADD_TO_ROLLUP } from '../ingest/probe-records.repository';
import { newShareToken } from '../monitors/monitors.service';
import { type DemoMonitorSpec, type DemoProberSpec, isDemoHeartbeat } from './demo.catalogue';
import type { DemoMonitor, DemoProber, RollupRow } from './demo-history';

/** Seeding and the minute job take turns on this, across replicas, for the whole of their transaction. */
export async function lockDemoData(db: Database): Promise<{ generatedUntil: Date } | undefined> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('paydar:demo data', 0))`);
  return readWatermark(db);
}

/** The watermark without waiting for the lock: whether the demo has its history yet (lockDemoData decides for sure). */
export async function readWatermark(db: Database): Promise<{ generatedUntil: Date } | undefined> {
  const [row] = await db.select({ generatedUntil: demoData.generatedUntil }).from(demoData);
  return row;
}

export async function saveWatermark(db: Database, values: { generatedUntil: Date; seedMs?: number }): Promise<void> {
  await db
    .insert(demoData)
    .values({
      id: 1,
      seededAt: values.generatedUntil,
      generatedUntil: values.generatedUntil,
      seedMs: values.seedMs ?? 0,
    })
    .onConflictDoUpdate({ target: demoData.id, set: { generatedUntil: values.generatedUntil } });
}

/** The demo probers, made on first call. Their key is random and never shown: no agent can be one. */
export async function ensureDemoProbers(db: Database, specs: readonly DemoProberSpec[]): Promise<DemoProber[]> {
  const found: DemoProber[] = [];
  for (const spec of specs) {
    await db
      .insert(probers)
      .values({
        name: spec.name,
        countryCode: spec.countryCode,
        datacenter: spec.datacenter,
        keyHash: hashSecret(generateSecret()),
        isDemo: true,
      })
      .onConflictDoNothing();
    const [row] = await db
      .select({ id: probers.id, isDemo: probers.isDemo })
      .from(probers)
      .where(eq(probers.name, spec.name));
    if (!row?.isDemo) throw new Error(`the demo prober's name "${spec.name}" is taken by a real prober`);
    found.push({ id: row.id, spec });
  }
  return found;
}

/**
 * The demo account's monitors, found by alias or made (on every demo prober; a heartbeat on none, with
 * a ping secret nobody is given, like the demo probers' keys: no ping reaches it), in the catalogue's order.
 */
export async function ensureDemoMonitors(
  db: Database,
  userId: number,
  specs: readonly DemoMonitorSpec[],
  alerts: { email: string; telegram: string },
  proberIds: number[],
  createdAt: Date,
): Promise<DemoMonitor[]> {
  const found: DemoMonitor[] = [];
  // The list shows the highest id first (`newestFirst`): the catalogue's first is made last, so it leads.
  for (const [index, spec] of [...specs.entries()].reverse()) {
    const madeAt = new Date(createdAt.getTime() + (specs.length - index) * 60_000);
    const [existing] = await db
      .select({ id: monitors.id })
      .from(monitors)
      .where(and(eq(monitors.userId, userId), eq(monitors.isDemo, true), eq(monitors.alias, spec.alias)));
    if (existing) {
      found.unshift({ id: existing.id, spec });
      continue;
    }
    const heartbeat = isDemoHeartbeat(spec);
    const ping = heartbeat ? newPingToken() : null;
    const [row] = await db
      .insert(monitors)
      .values({
        userId,
        isDemo: true,
        protocolType: spec.protocolType,
        url: spec.url ?? null,
        host: spec.host ?? null,
        alias: spec.alias,
        periodSeconds: spec.periodSeconds,
        graceSeconds: spec.graceSeconds ?? null,
        pingTokenHash: ping?.hash ?? null,
        pingTokenPrefix: ping?.prefix ?? null,
        apdexMs: spec.apdexMs,
        dnsQueryName: spec.dnsQueryName ?? null,
        labels: spec.labels,
        slowAlert: spec.slowAlert ?? null,
        alert: spec.alerted
          ? [
              { type: 'emails', value: alerts.email },
              { type: 'telegram_usernames', value: alerts.telegram },
            ]
          : [],
        token: newShareToken(),
        createdAt: madeAt,
        updatedAt: madeAt,
      })
      .returning({ id: monitors.id });
    if (!row) throw new Error(`could not make the demo monitor ${spec.alias}`);
    if (!heartbeat)
      await db.insert(monitorProbers).values(proberIds.map((proberId) => ({ monitorId: row.id, proberId })));
    found.unshift({ id: row.id, spec });
  }
  return found;
}

const ROLLUP_BATCH = 5_000;

/** Adds the rows to quarter_rollups (a row already there for the quarter is summed with). */
export async function addRollups(db: Database, rows: readonly RollupRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROLLUP_BATCH) {
    const batch = JSON.stringify(
      rows.slice(start, start + ROLLUP_BATCH).map((row) => ({ ...row, buckets: row.buckets })),
    );
    await db.execute(sql`
      INSERT INTO quarter_rollups AS r (monitor_id, prober_id, quarter, checks, failures, satisfied, tolerating, frustrated,
        bucket_0, bucket_1, bucket_2, bucket_3, bucket_4, bucket_5, bucket_6, bucket_7,
        duration_sum, resolve_sum, resolve_count, connect_sum, connect_count, tls_sum, tls_count, response_sum, response_count)
      SELECT "monitorId", "proberId", to_timestamp(quarter / 1000), checks, failures, satisfied, tolerating, frustrated,
        (buckets->>0)::int, (buckets->>1)::int, (buckets->>2)::int, (buckets->>3)::int,
        (buckets->>4)::int, (buckets->>5)::int, (buckets->>6)::int, (buckets->>7)::int,
        "durationSum", "resolveSum", "resolveCount", "connectSum", "connectCount", "tlsSum", "tlsCount",
        "responseSum", "responseCount"
      FROM json_to_recordset(${batch}::json) AS t("monitorId" int, "proberId" int, quarter float8, checks int, failures int,
        satisfied int, tolerating int, frustrated int, buckets json, "durationSum" real, "resolveSum" real,
        "resolveCount" int, "connectSum" real, "connectCount" int, "tlsSum" real, "tlsCount" int,
        "responseSum" real, "responseCount" int)
      ${ADD_TO_ROLLUP}`);
  }
}

/** A demo monitor's current state, as ingest would keep it. Times are epoch ms. */
export interface DemoState {
  monitorId: number;
  isDown: boolean;
  /** The last transition's time; null: none lately (the row keeps the one it has). */
  stateSince: number | null;
  firstCheckAt: number;
  lastCheckAt: number;
  lastStatusCode: number | null;
  lastStatus: string | null;
  proberStates: StoredProberState[];
  isFlapping: boolean;
  slow: { since: number; reason: string } | null;
}

/** Writes the monitors' states (state row, slow state, flapping flag); the state rows' triggers tell the caches. */
export async function saveDemoStates(
  db: Database,
  states: readonly DemoState[],
  slowRules: Map<number, unknown>,
): Promise<void> {
  const rows = JSON.stringify(
    states.map((state) => ({
      ...state,
      rule: slowRules.get(state.monitorId) ?? null,
      // What the alert rules would remember: flapping holds the monitor's alerts.
      alertState: { ...INITIAL_ALERT_STATE, phase: state.isFlapping ? 'flapping' : 'quiet', isDown: state.isDown },
    })),
  );
  await db.execute(sql`
    WITH input AS (
      SELECT * FROM json_to_recordset(${rows}::json) AS t("monitorId" int, "isDown" boolean, "stateSince" float8,
        "firstCheckAt" float8, "lastCheckAt" float8, "lastStatusCode" smallint, "lastStatus" text,
        "proberStates" jsonb, "isFlapping" boolean, slow json, rule jsonb, "alertState" jsonb)
    ),
    states AS (
      INSERT INTO monitor_states AS s (monitor_id, is_down, state_since, first_check_at, last_check_at, last_status_code,
        last_status, prober_states)
      SELECT "monitorId", "isDown", to_timestamp("stateSince" / 1000), to_timestamp("firstCheckAt" / 1000),
        to_timestamp("lastCheckAt" / 1000), "lastStatusCode", "lastStatus", "proberStates" FROM input
      ON CONFLICT (monitor_id) DO UPDATE SET is_down = excluded.is_down,
        state_since = coalesce(excluded.state_since, s.state_since),
        first_check_at = least(s.first_check_at, excluded.first_check_at), last_check_at = excluded.last_check_at,
        last_status_code = excluded.last_status_code, last_status = excluded.last_status,
        prober_states = excluded.prober_states
      RETURNING 1
    ),
    flapping AS (
      INSERT INTO monitor_alert_states AS a (monitor_id, state, is_flapping)
      SELECT "monitorId", "alertState", "isFlapping"
      FROM input
      ON CONFLICT (monitor_id) DO UPDATE SET state = excluded.state, is_flapping = excluded.is_flapping, updated_at = now()
      RETURNING 1
    )
    INSERT INTO monitor_slow_states AS l (monitor_id, rule, is_slow, since, reason)
    SELECT "monitorId", rule, slow IS NOT NULL, to_timestamp((slow->>'since')::float8 / 1000), slow->>'reason'
    FROM input WHERE rule IS NOT NULL
    ON CONFLICT (monitor_id) DO UPDATE SET rule = excluded.rule, is_slow = excluded.is_slow, since = excluded.since,
      reason = excluded.reason`);
}

/** The demo probers are seen calling in, as their agents would. */
export async function touchDemoProbers(db: Database, at: Date): Promise<void> {
  await db.update(probers).set({ lastSeenAt: at }).where(eq(probers.isDemo, true));
}

/**
 * Drops the demo's raw records older than `before`: the raw-data chart reads recent days, and
 * retention (which keeps the longest plan's history) would otherwise keep a year of them.
 */
export async function pruneDemoRecords(db: Database, monitorIds: number[], before: Date): Promise<void> {
  if (!monitorIds.length) return;
  await db.execute(sql`
    DELETE FROM probe_records WHERE monitor_id = ANY(${sql.param(monitorIds)}::int[])
      AND time < ${before.toISOString()}::timestamptz`);
}
