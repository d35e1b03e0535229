import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { probers } from '../../db/schema/index';

export type ProberRow = typeof probers.$inferSelect;

/** The real probers, or with `demo` the demo account's datacenters (modules/demo): never both. */
export function listProbers(db: Database, { demo = false }: { demo?: boolean } = {}): Promise<ProberRow[]> {
  return db.select().from(probers).where(eq(probers.isDemo, demo)).orderBy(asc(probers.id));
}

export async function findProberByKeyHash(db: Database, keyHash: string): Promise<ProberRow | undefined> {
  const [row] = await db.select().from(probers).where(eq(probers.keyHash, keyHash));
  return row;
}

export async function findProberByName(db: Database, name: string): Promise<ProberRow | undefined> {
  const [row] = await db.select().from(probers).where(eq(probers.name, name));
  return row;
}

/** Returns undefined when the name is taken. */
export async function insertProber(
  db: Database,
  values: { name: string; countryCode: string; datacenter: string; keyHash: string; isBuiltin?: boolean },
): Promise<ProberRow | undefined> {
  const [row] = await db.insert(probers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateProber(
  db: Database,
  id: number,
  values: Partial<{ disabled: boolean; countryCode: string; datacenter: string; name: string }>,
): Promise<void> {
  await db.update(probers).set(values).where(eq(probers.id, id));
}

export async function findBuiltinProber(db: Database): Promise<ProberRow | undefined> {
  const [row] = await db.select().from(probers).where(eq(probers.isBuiltin, true));
  return row;
}

/** Agents long-poll on this version: any change to their set of monitors bumps it. */
export async function bumpAssignmentVersions(db: Database, proberIds: number[]): Promise<void> {
  if (!proberIds.length) return;
  await db
    .update(probers)
    .set({ assignmentVersion: sql`${probers.assignmentVersion} + 1` })
    .where(inArray(probers.id, proberIds));
  await db.execute(sql`SELECT pg_notify('prober_assignments', ${proberIds.join(',')})`);
}

/** last_seen_at is written at most this often; callers skip the write while it is fresh. */
export const PROBER_TOUCH_INTERVAL_MS = 10_000;

export async function touchProber(db: Database, id: number, now: Date): Promise<void> {
  await db
    .update(probers)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(probers.id, id),
        sql`(${probers.lastSeenAt} IS NULL OR ${probers.lastSeenAt} < ${now.toISOString()}::timestamptz - interval '10 seconds')`,
      ),
    );
}

export async function findProberById(db: Database, id: number): Promise<ProberRow | undefined> {
  const [row] = await db.select().from(probers).where(eq(probers.id, id));
  return row;
}
