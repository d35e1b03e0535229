import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { monitorProbers, monitors } from '../../db/schema/index';
import type { MonitorRow } from '../monitors/monitors.repository';

/** The enabled monitors a prober runs. */
export async function assignedEnabledMonitors(db: Database, proberId: number): Promise<MonitorRow[]> {
  const rows = await db
    .select({ monitor: monitors })
    .from(monitorProbers)
    .innerJoin(monitors, eq(monitors.id, monitorProbers.monitorId))
    .where(and(eq(monitorProbers.proberId, proberId), eq(monitors.isEnabled, true)))
    .orderBy(monitors.id);
  return rows.map((row) => row.monitor);
}
