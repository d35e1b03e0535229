import type { ProtocolType } from '@paydar/contracts/monitors-options';
import type { Span } from '@paydar/domain/downtimes';
import type { Rollup } from '@paydar/domain/rollup';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ROLLUP_SUMS, standInProberName, toRollup } from '../metrics/metrics.repository';

/**
 * Reads for a Prometheus scrape of one user's monitors: the monitors with their state row, and
 * quarter_rollups through its primary key (monitor, quarter, prober) — never raw records, so a scrape
 * of 1,000 monitors is a handful of indexed queries whatever their periods.
 */

const iso = (ms: number) => new Date(ms).toISOString();

export interface ScrapedMonitor {
  id: number;
  protocolType: ProtocolType;
  url: string | null;
  host: string | null;
  alias: string | null;
  isEnabled: boolean;
  isDown: boolean;
  confirming: boolean;
  firstCheckAt: Date | null;
  lastCheckAt: Date | null;
}

/** The owner's monitors with their current state, by id. Every row is the owner's: filtered by user_id. */
export async function monitorsOfOwner(db: Database, userId: number): Promise<ScrapedMonitor[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT m.id, m.protocol_type, m.url, m.host, m.alias, m.is_enabled,
      coalesce(s.is_down, false) AS is_down, s.confirming_since IS NOT NULL AS confirming,
      s.first_check_at, s.last_check_at
    FROM monitors m LEFT JOIN monitor_states s ON s.monitor_id = m.id
    WHERE m.user_id = ${userId}
    ORDER BY m.id`);
  const asDate = (value: unknown) => (value == null ? null : new Date(value as string));
  return result.rows.map((row) => ({
    id: Number(row.id),
    protocolType: row.protocol_type as ProtocolType,
    url: row.url as string | null,
    host: row.host as string | null,
    alias: row.alias as string | null,
    isEnabled: row.is_enabled === true,
    isDown: row.is_down === true,
    confirming: row.confirming === true,
    firstCheckAt: asDate(row.first_check_at),
    lastCheckAt: asDate(row.last_check_at),
  }));
}

export interface ProberHour {
  monitorId: number;
  proberId: number;
  /** The prober's name; a heartbeat's pings and a prober deleted since get the dashboard's stand-in name. */
  proberName: string;
  rollup: Rollup;
}

const toProberHour = (row: Record<string, unknown>): ProberHour => ({
  monitorId: Number(row.monitor_id),
  proberId: Number(row.prober_id),
  proberName: (row.name as string | null) ?? standInProberName(Number(row.prober_id)),
  rollup: toRollup(row),
});

/** The UTC hour a rollup's quarter is in: the scrape's latest figures are an hour's, as they were. */
const UTC_HOUR = sql.raw(`date_bin('1 hour', r.quarter, TIMESTAMPTZ '2000-01-01 00:00:00+00')`);

/**
 * For each (monitor, prober), the rollup of the latest UTC hour in [from, to) that has one: the
 * freshest response times the read models keep (an hour's averages by phase).
 */
export async function latestHourByProber(db: Database, monitorIds: readonly number[], span: Span) {
  if (!monitorIds.length) return [];
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT DISTINCT ON (r.monitor_id, r.prober_id) r.monitor_id, r.prober_id, p.name, ${ROLLUP_SUMS}
    FROM quarter_rollups r LEFT JOIN probers p ON p.id = r.prober_id
    WHERE r.monitor_id = ANY(${sql.param([...monitorIds])}::int[])
      AND r.quarter >= ${iso(span.from)}::timestamptz AND r.quarter < ${iso(span.to)}::timestamptz
    GROUP BY r.monitor_id, r.prober_id, ${UTC_HOUR}, p.name
    ORDER BY r.monitor_id, r.prober_id, ${UTC_HOUR} DESC`);
  return result.rows.map(toProberHour);
}

/** For each (monitor, prober), its rollups of [from, to) summed. */
export async function rollupsByMonitorAndProber(db: Database, monitorIds: readonly number[], span: Span) {
  if (!monitorIds.length) return [];
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT r.monitor_id, r.prober_id, min(p.name) AS name, ${ROLLUP_SUMS}
    FROM quarter_rollups r LEFT JOIN probers p ON p.id = r.prober_id
    WHERE r.monitor_id = ANY(${sql.param([...monitorIds])}::int[])
      AND r.quarter >= ${iso(span.from)}::timestamptz AND r.quarter < ${iso(span.to)}::timestamptz
    GROUP BY r.monitor_id, r.prober_id
    ORDER BY r.monitor_id, r.prober_id`);
  return result.rows.map(toProberHour);
}
