import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { monitorProbers, monitors } from '../../db/schema/index';
import type { ProbedMonitorRow } from '../monitors/check-spec';

/**
 * The enabled monitors a prober runs. A HEARTBEAT monitor has no probers; should a row name one
 * anyway (an operator's SQL), it is still never sent: no agent can run it.
 */
export async function assignedEnabledMonitors(db: Database, proberId: number): Promise<ProbedMonitorRow[]> {
  const rows = await db
    .select({ monitor: monitors })
    .from(monitorProbers)
    .innerJoin(monitors, eq(monitors.id, monitorProbers.monitorId))
    .where(
      and(eq(monitorProbers.proberId, proberId), eq(monitors.isEnabled, true), ne(monitors.protocolType, 'HEARTBEAT')),
    )
    .orderBy(monitors.id);
  return rows.map((row) => row.monitor as ProbedMonitorRow);
}

/** An open confirmation round a prober is asked to answer: its monitor and when it opened (epoch ms). */
export interface RecheckRow {
  monitorId: number;
  requestedAt: number;
}

/** The open confirmation rounds of this prober's enabled monitors opened after `after` (epoch ms). */
export async function openRoundsOf(db: Database, proberId: number, after: number): Promise<RecheckRow[]> {
  const result = await db.execute<{ monitor_id: number; requested_at: number }>(sql`
    SELECT s.monitor_id, (extract(epoch FROM s.confirming_since) * 1000)::float8 AS requested_at
    FROM monitor_states s
    JOIN monitor_probers mp ON mp.monitor_id = s.monitor_id AND mp.prober_id = ${proberId}
    JOIN monitors m ON m.id = s.monitor_id AND m.is_enabled
    WHERE s.confirming_since > to_timestamp(${after}::float8 / 1000)
    ORDER BY s.monitor_id`);
  return result.rows.map((row) => ({ monitorId: row.monitor_id, requestedAt: row.requested_at }));
}
