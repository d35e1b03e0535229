import type { AlertChannelKey } from '@paydar/contracts/alert-channels';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alertChannelVerifications } from '../../db/schema/index';

export type VerificationRow = typeof alertChannelVerifications.$inferSelect;

interface ChannelOf {
  userId: number;
  channelKey: AlertChannelKey;
  /** Normalized (normalizeChannelValue). */
  value: string;
}

const pendingProofsOf = (channel: ChannelOf) =>
  and(
    eq(alertChannelVerifications.userId, channel.userId),
    eq(alertChannelVerifications.channelKey, channel.channelKey),
    eq(alertChannelVerifications.value, channel.value),
    isNull(alertChannelVerifications.usedAt),
  );

/** Stores a new proof of a channel and drops the unused ones before it: only the newest code or link works. */
export async function replaceVerification(
  db: Database,
  values: ChannelOf & { secretHash: string; expiresAt: Date },
): Promise<void> {
  await db.delete(alertChannelVerifications).where(pendingProofsOf(values));
  await db.insert(alertChannelVerifications).values(values);
}

/** The newest unused proof of a user's channel, expired or not (the caller tells the user which). */
export async function findPendingVerification(db: Database, channel: ChannelOf): Promise<VerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(alertChannelVerifications)
    .where(pendingProofsOf(channel))
    .orderBy(desc(alertChannelVerifications.createdAt), desc(alertChannelVerifications.id))
    .limit(1);
  return row;
}

/** An unused, unexpired proof by its secret's hash (email links, Telegram start tokens). */
export async function findLiveVerificationBySecret(
  db: Database,
  where: { secretHash: string; channelKey: AlertChannelKey; now: Date; userId?: number },
): Promise<VerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(alertChannelVerifications)
    .where(
      and(
        eq(alertChannelVerifications.secretHash, where.secretHash),
        eq(alertChannelVerifications.channelKey, where.channelKey),
        where.userId === undefined ? undefined : eq(alertChannelVerifications.userId, where.userId),
        isNull(alertChannelVerifications.usedAt),
        gt(alertChannelVerifications.expiresAt, where.now),
      ),
    );
  return row;
}

/**
 * Counts a try at a code before it is compared, in one statement: however many guesses arrive at
 * once, no more than `maxAttempts` are ever compared. Returns the tries so far including this
 * one, or undefined when the proof is used, expired or out of tries.
 */
export async function claimAttempt(
  db: Database,
  id: number,
  now: Date,
  maxAttempts: number,
): Promise<number | undefined> {
  const [row] = await db
    .update(alertChannelVerifications)
    .set({ failedAttempts: sql`${alertChannelVerifications.failedAttempts} + 1` })
    .where(
      and(
        eq(alertChannelVerifications.id, id),
        isNull(alertChannelVerifications.usedAt),
        gt(alertChannelVerifications.expiresAt, now),
        lt(alertChannelVerifications.failedAttempts, maxAttempts),
      ),
    )
    .returning({ attempts: alertChannelVerifications.failedAttempts });
  return row?.attempts;
}

/** Uses a proof once; false when it was already used (a concurrent verify won) or has expired. */
export async function consumeVerification(db: Database, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(alertChannelVerifications)
    .set({ usedAt: now })
    .where(
      and(
        eq(alertChannelVerifications.id, id),
        isNull(alertChannelVerifications.usedAt),
        gt(alertChannelVerifications.expiresAt, now),
      ),
    )
    .returning({ id: alertChannelVerifications.id });
  return rows.length > 0;
}

/** Deletes proofs that expired before `before`, used or not. */
export async function deleteVerificationsExpiredBefore(db: Database, before: Date): Promise<void> {
  await db.delete(alertChannelVerifications).where(lt(alertChannelVerifications.expiresAt, before));
}
