import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { plans, subscriptions } from '../../db/schema/index';
import type { PlanDefinition } from './plans.catalogue';

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * Adds the catalogue plans a database does not have yet. A plan that exists is left as it is:
 * once operators can change plans (`npm run admin -- edit-plan`), the database is the source of
 * truth, and a restart must not put back the price or limits they changed.
 */
export async function insertMissingPlans(db: Database, definitions: PlanDefinition[]): Promise<void> {
  for (const definition of definitions) {
    await db.insert(plans).values(definition).onConflictDoNothing({ target: plans.name });
  }
}

export type NewPlan = Omit<typeof plans.$inferInsert, 'id'>;

/** Returns undefined when the name is taken (the unique index decides). */
export async function insertPlan(db: Database, values: NewPlan): Promise<PlanRow | undefined> {
  const [row] = await db.insert(plans).values(values).onConflictDoNothing({ target: plans.name }).returning();
  return row;
}

/** Changes a plan found by name; undefined when there is none. */
export async function updatePlanByName(
  db: Database,
  name: string,
  values: Partial<Omit<NewPlan, 'name'>>,
): Promise<PlanRow | undefined> {
  const [row] = await db.update(plans).set(values).where(eq(plans.name, name)).returning();
  return row;
}

export function listActivePlans(db: Database): Promise<PlanRow[]> {
  return db.select().from(plans).where(eq(plans.isActive, true)).orderBy(asc(plans.level));
}

/** Every plan, on sale or not, by level. */
export function listAllPlans(db: Database): Promise<PlanRow[]> {
  return db.select().from(plans).orderBy(asc(plans.level), asc(plans.id));
}

export async function findPlanByName(db: Database, name: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.name, name));
  return row;
}

/** A user's subscriptions, the active one first, newest after it. */
export function listSubscriptions(db: Database, userId: number): Promise<Array<SubscriptionRow & { plan: PlanRow }>> {
  return db
    .select()
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.isActive), desc(subscriptions.startTime), desc(subscriptions.id))
    .then((rows) => rows.map((row) => ({ ...row.subscriptions, plan: row.plans })));
}

/** Starts the Free plan for a user who has no active subscription; a no-op otherwise. */
export async function activateFreePlan(db: Database, userId: number, freePlanName: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${subscriptions} (user_id, plan_id, is_active, period)
    SELECT ${userId}, ${plans.id}, true, NULL FROM ${plans} WHERE ${plans.name} = ${freePlanName}
    ON CONFLICT (user_id) WHERE is_active DO NOTHING`);
}

export async function findActiveSubscription(
  db: Database,
  userId: number,
): Promise<(SubscriptionRow & { plan: PlanRow }) | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.isActive, true)));
  return row ? { ...row.subscriptions, plan: row.plans } : undefined;
}

/**
 * Replaces the user's active subscription with this plan, in one transaction's worth of
 * statements (the caller's): the old one ends, the new one starts at `now` and ends at
 * `expireTime` (null: never). Returns the new subscription.
 */
export async function replaceActiveSubscription(
  db: Database,
  input: { userId: number; planId: number; period: 'Monthly' | 'Yearly' | null; now: Date; expireTime: Date | null },
): Promise<SubscriptionRow> {
  await db
    .update(subscriptions)
    .set({ isActive: false })
    .where(and(eq(subscriptions.userId, input.userId), eq(subscriptions.isActive, true)));
  const [row] = await db
    .insert(subscriptions)
    .values({
      userId: input.userId,
      planId: input.planId,
      isActive: true,
      period: input.period,
      startTime: input.now,
      expireTime: input.expireTime,
    })
    .returning();
  if (!row) throw new Error('subscription insert returned nothing');
  return row;
}

/**
 * The one per-user lock every plan limit counted at write time is checked under (monitor count,
 * probers per monitor, the month's notifications), held until the transaction ends: two requests
 * of one user cannot both see room for one more. It is the user's row, the lock purchases,
 * renewals, expiry and the ledger take (FOR NO KEY UPDATE conflicts with their FOR UPDATE but not
 * with inserts that merely reference the user), so a limit is also never checked against a plan
 * that is being replaced.
 */
export async function lockUserForLimits(db: Database, userId: number): Promise<void> {
  await db.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
}
