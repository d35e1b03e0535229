import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type EmailTokenPurpose, emailTokens, users } from '../../db/schema/index';

export async function insertEmailToken(
  db: Database,
  values: { userId: number; purpose: EmailTokenPurpose; tokenHash: string; expiresAt: Date },
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
