import { sameSlowRule } from '@paydar/domain/slow-response';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  monitorAlertStates,
  monitorCertificates,
  monitorProbers,
  monitorSlowStates,
  monitorStates,
  monitors,
  probers,
} from '../../db/schema/index';
import { type HeartbeatStateRow, readHeartbeatStates } from '../heartbeats/heartbeats.repository';

export type MonitorRow = typeof monitors.$inferSelect;
export type NewMonitor = typeof monitors.$inferInsert;
export type MonitorStateRow = typeof monitorStates.$inferSelect;

/** Slow now by its slow-response rule: since when and why. */
export interface SlowNow {
  since: Date;
  reason: string;
}

export interface MonitorWithRelations {
  monitor: MonitorRow;
  probers: Array<{ id: number; name: string }>;
  state: MonitorStateRow | null;
  slow: SlowNow | null;
  /** Flap damping holds its alerts (modules/alert-rules). */
  isFlapping: boolean;
  /** The latest TLS certificate its HTTPS checks saw (modules/certificates), or null. */
  certificate: typeof monitorCertificates.$inferSelect | null;
  /** A HEARTBEAT monitor's pings (modules/heartbeats); null for the others and before the first ping. */
  heartbeat: HeartbeatStateRow | null;
}

async function withRelations(db: Database, rows: MonitorRow[]): Promise<MonitorWithRelations[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const heartbeatIds = rows.filter((row) => row.protocolType === 'HEARTBEAT').map((row) => row.id);
  const [assigned, states, slowRows, flapping, certificates, heartbeats] = await Promise.all([
    db
      .select({ monitorId: monitorProbers.monitorId, id: probers.id, name: probers.name })
      .from(monitorProbers)
      .innerJoin(probers, eq(probers.id, monitorProbers.proberId))
      .where(inArray(monitorProbers.monitorId, ids))
      .orderBy(probers.id),
    db.select().from(monitorStates).where(inArray(monitorStates.monitorId, ids)),
    db
      .select({
        monitorId: monitorSlowStates.monitorId,
        since: monitorSlowStates.since,
        reason: monitorSlowStates.reason,
      })
      .from(monitorSlowStates)
      .where(and(inArray(monitorSlowStates.monitorId, ids), eq(monitorSlowStates.isSlow, true))),
    db
      .select({ monitorId: monitorAlertStates.monitorId })
      .from(monitorAlertStates)
      .where(and(inArray(monitorAlertStates.monitorId, ids), eq(monitorAlertStates.isFlapping, true))),
    db.select().from(monitorCertificates).where(inArray(monitorCertificates.monitorId, ids)),
    readHeartbeatStates(db, heartbeatIds),
  ]);
  const certificatesById = new Map(certificates.map((row) => [row.monitorId, row]));
  const slowById = new Map(
    slowRows.map((row) => [row.monitorId, { since: row.since ?? new Date(0), reason: row.reason ?? '' }]),
  );
  const flappingIds = new Set(flapping.map((row) => row.monitorId));
  const statesById = new Map(states.map((state) => [state.monitorId, state]));
  const probersById = new Map<number, Array<{ id: number; name: string }>>();
  for (const { monitorId, id, name } of assigned) {
    const list = probersById.get(monitorId) ?? [];
    list.push({ id, name });
    probersById.set(monitorId, list);
  }
  return rows.map((monitor) => ({
    monitor,
    probers: probersById.get(monitor.id) ?? [],
    state: statesById.get(monitor.id) ?? null,
    // Only while it has a rule: a row left by a rule since removed says nothing.
    slow: monitor.slowAlert ? (slowById.get(monitor.id) ?? null) : null,
    isFlapping: flappingIds.has(monitor.id),
    certificate: certificatesById.get(monitor.id) ?? null,
    heartbeat: heartbeats.get(monitor.id) ?? null,
  }));
}

/** What the monitor list shows of a monitor: its own columns the list reads and its last result. */
export type MonitorListRow = Pick<
  MonitorRow,
  'id' | 'protocolType' | 'url' | 'host' | 'alias' | 'labels' | 'isEnabled' | 'isProtected'
> &
  Pick<MonitorStateRow, 'lastStatusCode' | 'lastStatus'> & { isSlow: boolean | null; isFlapping: boolean | null };

/**
 * A user's monitors for the list, newest first: all of them, or the page asked for. One query
 * whatever the count; no prober, header, body or alert column is read.
 */
export async function listUserMonitorRows(
  db: Database,
  userId: number,
  page: { limit?: number; offset: number } = { offset: 0 },
): Promise<MonitorListRow[]> {
  const query = db
    .select({
      id: monitors.id,
      protocolType: monitors.protocolType,
      url: monitors.url,
      host: monitors.host,
      alias: monitors.alias,
      labels: monitors.labels,
      isEnabled: monitors.isEnabled,
      isProtected: monitors.isProtected,
      lastStatusCode: monitorStates.lastStatusCode,
      lastStatus: monitorStates.lastStatus,
      isSlow: monitorSlowStates.isSlow,
      isFlapping: monitorAlertStates.isFlapping,
    })
    .from(monitors)
    .leftJoin(monitorStates, eq(monitorStates.monitorId, monitors.id))
    // A row is left only while the monitor has a rule (an edit removing it deletes the row).
    .leftJoin(monitorSlowStates, eq(monitorSlowStates.monitorId, monitors.id))
    .leftJoin(monitorAlertStates, eq(monitorAlertStates.monitorId, monitors.id))
    .where(eq(monitors.userId, userId))
    // Newest first by id alone: the key the web places a pushed monitor by (`newestFirst`), total.
    .orderBy(desc(monitors.id))
    .offset(page.offset);
  return page.limit === undefined ? query : query.limit(page.limit);
}

/** The monitor only when it is the user's: another user's id reads as missing. */
export async function findUserMonitor(
  db: Database,
  userId: number,
  id: number,
): Promise<MonitorWithRelations | undefined> {
  const rows = await db
    .select()
    .from(monitors)
    .where(and(eq(monitors.id, id), eq(monitors.userId, userId)));
  return (await withRelations(db, rows))[0];
}

export async function findMonitorByToken(db: Database, token: string): Promise<MonitorWithRelations | undefined> {
  const rows = await db.select().from(monitors).where(eq(monitors.token, token));
  return (await withRelations(db, rows))[0];
}

export async function countUserMonitors(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(monitors).where(eq(monitors.userId, userId));
  return row?.value ?? 0;
}

/** Names the monitor's probers; a HEARTBEAT monitor has none. */
async function assignProbers(db: Database, monitorId: number, proberIds: number[]): Promise<void> {
  if (!proberIds.length) return;
  await db.insert(monitorProbers).values(proberIds.map((proberId) => ({ monitorId, proberId })));
}

export async function insertMonitor(db: Database, values: NewMonitor, proberIds: number[]): Promise<MonitorRow> {
  const [row] = await db.insert(monitors).values(values).returning();
  if (!row) throw new Error('monitor insert returned nothing');
  await assignProbers(db, row.id, proberIds);
  // Its state row now, so ingest finds one to lock from the first result on.
  await db.insert(monitorStates).values({ monitorId: row.id });
  return row;
}

/** Updates the fields and replaces the prober set; returns the prober ids it had before. */
export async function updateMonitor(
  db: Database,
  id: number,
  values: Partial<NewMonitor>,
  proberIds: number[],
): Promise<number[]> {
  const before = await db
    .select({ proberId: monitorProbers.proberId })
    .from(monitorProbers)
    .where(eq(monitorProbers.monitorId, id));
  const [previous] = await db.select({ slowAlert: monitors.slowAlert }).from(monitors).where(eq(monitors.id, id));
  await db.update(monitors).set(values).where(eq(monitors.id, id));
  // A changed or removed slow-response rule starts over from no checks and not slow, silently.
  if (values.slowAlert !== undefined && !sameSlowRule(values.slowAlert, previous?.slowAlert ?? null)) {
    await db.delete(monitorSlowStates).where(eq(monitorSlowStates.monitorId, id));
  }
  await db.delete(monitorProbers).where(eq(monitorProbers.monitorId, id));
  await assignProbers(db, id, proberIds);
  return before.map((row) => row.proberId);
}

export async function deleteMonitor(db: Database, id: number): Promise<void> {
  await db.delete(monitors).where(eq(monitors.id, id));
}
