import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { impersonationTokens, users } from '../../db/schema/index';

export async function insertImpersonationToken(
  db: Database,
  values: { staffUserId: number; targetUserId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(impersonationTokens).values(values);
}

/** Marks the token used (who used it from where, and when) and returns it; a second use gets nothing. */
export async function consumeImpersonationToken(
  db: Database,
  query: { tokenHash: string; now: Date; ip: string },
): Promise<{ staffUserId: number; targetUserId: number } | undefined> {
  const [row] = await db
    .update(impersonationTokens)
    .set({ usedAt: query.now, usedFromIp: query.ip })
    .where(
      and(
        eq(impersonationTokens.tokenHash, query.tokenHash),
        isNull(impersonationTokens.usedAt),
        gt(impersonationTokens.expiresAt, query.now),
      ),
    )
    .returning({ staffUserId: impersonationTokens.staffUserId, targetUserId: impersonationTokens.targetUserId });
  return row;
}

export function listImpersonations(db: Database) {
  return db.select().from(impersonationTokens).orderBy(impersonationTokens.id);
}

/** Who impersonated whom, newest first, by staff and customer email: one page and the total. */
export async function listImpersonationRecord(
  db: Database,
  filter: { staffEmail?: string; customerEmail?: string; limit: number; offset: number },
) {
  const staff = alias(users, 'staff');
  const customer = alias(users, 'customer');
  const where = and(
    filter.staffEmail === undefined ? undefined : eq(staff.email, filter.staffEmail),
    filter.customerEmail === undefined ? undefined : eq(customer.email, filter.customerEmail),
  );
  const rows = await db
    .select({
      id: impersonationTokens.id,
      staffId: staff.id,
      staffEmail: staff.email,
      customerId: customer.id,
      customerEmail: customer.email,
      issuedAt: impersonationTokens.createdAt,
      expiresAt: impersonationTokens.expiresAt,
      usedAt: impersonationTokens.usedAt,
      usedFrom: impersonationTokens.usedFromIp,
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(impersonationTokens)
    .innerJoin(staff, eq(staff.id, impersonationTokens.staffUserId))
    .innerJoin(customer, eq(customer.id, impersonationTokens.targetUserId))
    .where(where)
    .orderBy(desc(impersonationTokens.id))
    .limit(filter.limit)
    .offset(filter.offset);
  // Past the last page there is no row to carry the total: counted apart then.
  const total =
    rows[0]?.total ??
    (filter.offset === 0
      ? 0
      : ((
          await db
            .select({ total: sql<number>`count(*)`.mapWith(Number) })
            .from(impersonationTokens)
            .innerJoin(staff, eq(staff.id, impersonationTokens.staffUserId))
            .innerJoin(customer, eq(customer.id, impersonationTokens.targetUserId))
            .where(where)
        )[0]?.total ?? 0));
  return { rows, total };
}
