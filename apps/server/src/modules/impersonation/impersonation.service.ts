import { IMPERSONATION_LINK_INVALID_TEXT } from '@paydar/contracts/accounts';
import type { Caller, ServiceContext } from '../../context';
import { AppError, forbidden, invalidField } from '../../errors';
import { generateSecret, hashSecret } from '../accounts/secrets';
import { openSession } from '../accounts/session.service';
import { findUserByEmail, findUserById } from '../accounts/users.repository';
import { consumeImpersonationToken, insertImpersonationToken } from './impersonation.repository';

export const IMPERSONATION_LIFETIME_MS = 10 * 60 * 1000;
export const STAFF_TARGET_TEXT = 'Staff users cannot be impersonated.';

/**
 * Staff are never a target: one staff user would act with another's staff powers (and issue
 * links in their name), and the record would no longer say who really did what.
 */
const staffTargetRefused = () => forbidden(STAFF_TARGET_TEXT);

export interface IssuedImpersonation {
  token: string;
  url: string;
  expires_at: string;
}

/** A staff user (by id) gets a single-use link to sign in as the user with `targetEmail`. */
export async function issueImpersonation(
  context: ServiceContext,
  staffUserId: number,
  targetEmail: string,
): Promise<IssuedImpersonation> {
  const staff = await findUserById(context.db, staffUserId);
  if (!staff?.isStaff) throw forbidden('Only staff users can impersonate.');
  const target = await findUserByEmail(context.db, targetEmail);
  if (!target) throw invalidField('email', 'No user with this email.');
  if (target.isStaff) throw staffTargetRefused();
  const token = generateSecret();
  const expiresAt = new Date(context.now().getTime() + IMPERSONATION_LIFETIME_MS);
  await insertImpersonationToken(context.db, {
    staffUserId,
    targetUserId: target.id,
    tokenHash: hashSecret(token),
    expiresAt,
  });
  const url = new URL('/impersonate', context.config.DASHBOARD_URL);
  url.searchParams.set('token', token);
  return { token, url: url.toString(), expires_at: expiresAt.toISOString() };
}

export function issueImpersonationAsCaller(context: ServiceContext, caller: Caller, targetEmail: string) {
  if (!caller.isStaff) throw forbidden('Only staff users can impersonate.');
  return issueImpersonation(context, caller.userId, targetEmail);
}

/** Uses the token once and opens a session as its target, marked with the staff user behind it. */
export async function impersonate(context: ServiceContext, token: string, ip: string): Promise<{ key: string }> {
  return context.runInTransaction(async (transaction) => {
    const used = await consumeImpersonationToken(transaction.db, {
      tokenHash: hashSecret(token),
      now: context.now(),
      ip,
    });
    if (!used) throw new AppError('INVALID_TOKEN', IMPERSONATION_LINK_INVALID_TEXT);
    // Checked again at use: the target may have been made staff since the link was issued.
    const target = await findUserById(transaction.db, used.targetUserId);
    if (target?.isStaff) throw staffTargetRefused();
    return { key: await openSession(transaction.db, used.targetUserId, used.staffUserId) };
  });
}
