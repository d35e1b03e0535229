import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type EmailTokenPurpose, emailTokens, users } from '../../db/schema/index';

export async function insertEmailToken(
  db: Database,
  values: { userId: number; purpose: EmailTokenPurpose; tokenHash: string; expiresAt: Date; newEmail?: string },
): Promise<void> {
  await db.insert(emailTokens).values(values);
}

/**
 * Marks the token used and returns its user, in one statement: of two concurrent uses
 * exactly one gets the user, and an expired, used or foreign token gets nothing.
 */
export async function consumeEmailToken(
  db: Database,
  query: { purpose: EmailTokenPurpose; tokenHash: string; email: string; now: Date },
): Promise<number | undefined> {
  const owner = db.select({ id: users.id }).from(users).where(eq(users.email, query.email));
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: query.now })
    .where(
      and(
        eq(emailTokens.tokenHash, query.tokenHash),
        eq(emailTokens.purpose, query.purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, query.now),
        inArray(emailTokens.userId, owner),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId;
}

/**
 * When a token could not be used, what became of it: used, or past its expiry. Undefined for a
 * token never issued, for another purpose, or for another address — those stay plainly invalid.
 */
export async function findEmailTokenState(
  db: Database,
  query: { purpose: EmailTokenPurpose; tokenHash: string; email: string },
): Promise<{ usedAt: Date | null; expiresAt: Date } | undefined> {
  const owner = db.select({ id: users.id }).from(users).where(eq(users.email, query.email));
  const [row] = await db
    .select({ usedAt: emailTokens.usedAt, expiresAt: emailTokens.expiresAt })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, query.tokenHash),
        eq(emailTokens.purpose, query.purpose),
        inArray(emailTokens.userId, owner),
      ),
    )
    .limit(1);
  return row;
}

/** Uses the user's own change_email token once (same guarantees as consumeEmailToken); returns the new address. */
export async function consumeEmailChangeToken(
  db: Database,
  query: { tokenHash: string; userId: number; now: Date },
): Promise<string | undefined> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: query.now })
    .where(
      and(
        eq(emailTokens.tokenHash, query.tokenHash),
        eq(emailTokens.purpose, 'change_email'),
        eq(emailTokens.userId, query.userId),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, query.now),
      ),
    )
    .returning({ newEmail: emailTokens.newEmail });
  return row?.newEmail ?? undefined;
}

/** The address of the user's email change still waiting for confirmation, if any. */
export async function findPendingEmailChange(db: Database, userId: number, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ newEmail: emailTokens.newEmail })
    .from(emailTokens)
    .where(pendingEmailChanges(userId, now))
    .orderBy(desc(emailTokens.id))
    .limit(1);
  return row?.newEmail ?? null;
}

/** Withdraws every waiting email change of the user: only the newest request may be confirmed. */
export async function cancelPendingEmailChanges(db: Database, userId: number, now: Date): Promise<void> {
  await db.update(emailTokens).set({ usedAt: now }).where(pendingEmailChanges(userId, now));
}

const pendingEmailChanges = (userId: number, now: Date) =>
  and(
    eq(emailTokens.userId, userId),
    eq(emailTokens.purpose, 'change_email'),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  );
