import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { monitorStates, monitors } from '../../db/schema/index';
import type { MonitorRow, MonitorStateRow } from '../monitors/monitors.repository';

/** What a metric answer is computed from besides the rollups, and the version of it. */
export interface MetricSubject {
  monitor: MonitorRow;
  state: MonitorStateRow | null;
  /**
   * Changes whenever anything a metric answer reads may have changed: the rows' xmin moves with
   * every write — each ingest batch rewrites the monitor's state row in the transaction that writes
   * its rollups and downtimes (late results for a past day included), and every edit or pause
   * rewrites the monitor row. Cheap to read, and the same on every replica.
   */
  version: string;
}

async function findSubject(db: Database, where: SQL | undefined): Promise<MetricSubject | undefined> {
  const [row] = await db
    .select({
      monitor: monitors,
      state: monitorStates,
      version: sql<string>`${monitors}.xmin::text || ':' || coalesce(${monitorStates}.xmin::text, '')`,
    })
    .from(monitors)
    .leftJoin(monitorStates, eq(monitorStates.monitorId, monitors.id))
    .where(where);
  return row;
}

/** The monitor only when it is the user's, in one query: another user's id reads as missing. */
export const findUserMetricSubject = (db: Database, userId: number, id: number) =>
  findSubject(db, and(eq(monitors.id, id), eq(monitors.userId, userId)));

export const findSharedMetricSubject = (db: Database, token: string) => findSubject(db, eq(monitors.token, token));
