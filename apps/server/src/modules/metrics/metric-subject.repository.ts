import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { monitorStates, monitors, plans, rollupHistoryVersions, subscriptions } from '../../db/schema/index';
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
  /**
   * Moves only when a quarter more than 22 hours old is written (a late result; migration 0040):
   * what the kept days before the reader's yesterday are validated by (past-days-apdex.ts).
   */
  historyVersion: number;
  /** The owner's plan's METRIC_HISTORY_DAYS; without an active plan only today can be shown (0). */
  historyDays: number;
}

/** One query, however many readers: the monitor, its state, its version and its owner's plan history. */
async function findSubject(db: Database, where: SQL | undefined): Promise<MetricSubject | undefined> {
  const [row] = await db
    .select({
      monitor: monitors,
      state: monitorStates,
      version: sql<string>`${monitors}.xmin::text || ':' || coalesce(${monitorStates}.xmin::text, '')`,
      historyVersion: sql<number>`coalesce(${rollupHistoryVersions.version}, 0)`.mapWith(Number),
      specifications: plans.specifications,
    })
    .from(monitors)
    .leftJoin(monitorStates, eq(monitorStates.monitorId, monitors.id))
    .leftJoin(rollupHistoryVersions, eq(rollupHistoryVersions.monitorId, monitors.id))
    .leftJoin(subscriptions, and(eq(subscriptions.userId, monitors.userId), eq(subscriptions.isActive, true)))
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .where(where);
  if (!row) return undefined;
  const { specifications, ...subject } = row;
  return { ...subject, historyDays: specifications?.METRIC_HISTORY_DAYS ?? 0 };
}

/** The monitor only when it is the user's, in one query: another user's id reads as missing. */
export const findUserMetricSubject = (db: Database, userId: number, id: number) =>
  findSubject(db, and(eq(monitors.id, id), eq(monitors.userId, userId)));

export const findSharedMetricSubject = (db: Database, token: string) => findSubject(db, eq(monitors.token, token));
