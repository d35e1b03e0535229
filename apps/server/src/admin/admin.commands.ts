import { randomBytes } from 'node:crypto';
import { emailField, newPasswordField } from '@paydar/contracts/accounts';
import type { ServiceContext } from '../context';
import { AppError } from '../errors';
import { hashPassword } from '../modules/accounts/passwords';
import { revokeAllSessions } from '../modules/accounts/sessions.repository';
import { findUserByEmail, insertUser, listUsers, updateUser } from '../modules/accounts/users.repository';
import { issueImpersonation } from '../modules/impersonation/impersonation.service';
import { FREE_PLAN_NAME } from '../modules/plans/plans.catalogue';
import { activateFreePlan } from '../modules/plans/plans.repository';

export class UsageError extends Error {}

function parseEmail(value: string | undefined): string {
  const parsed = emailField.safeParse(value ?? '');
  if (!parsed.success) throw new UsageError(`not a valid email: ${value ?? '(missing)'}`);
  return parsed.data;
}

function parsePassword(value: string): string {
  const parsed = newPasswordField.safeParse(value);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]?.message ?? 'invalid password');
  return parsed.data;
}

/** Creates a verified staff user, or makes an existing user staff. Prints a generated password when none is given. */
export async function createStaff(
  context: ServiceContext,
  emailArgument: string | undefined,
  password?: string,
): Promise<string> {
  const email = parseEmail(emailArgument);
  const existing = await findUserByEmail(context.db, email);
  if (existing) {
    await updateUser(context.db, existing.id, {
      isStaff: true,
      ...(password ? { passwordHash: await hashPassword(parsePassword(password)) } : {}),
    });
    return `${email} is now staff${password ? ' with the new password' : ''}.`;
  }
  const chosen = password ? parsePassword(password) : randomBytes(12).toString('base64url');
  const user = await insertUser(context.db, {
    email,
    passwordHash: await hashPassword(chosen),
    isVerified: true,
    isStaff: true,
  });
  if (!user) throw new UsageError(`could not create ${email}`);
  await activateFreePlan(context.db, user.id, FREE_PLAN_NAME);
  return password ? `Created staff user ${email}.` : `Created staff user ${email} with password: ${chosen}`;
}

/** Sets a password and signs out every session of that user. */
export async function setPassword(
  context: ServiceContext,
  emailArgument: string | undefined,
  password: string | undefined,
): Promise<string> {
  const email = parseEmail(emailArgument);
  if (!password) throw new UsageError('give the new password');
  const user = await findUserByEmail(context.db, email);
  if (!user) throw new UsageError(`no user ${email}`);
  await updateUser(context.db, user.id, { passwordHash: await hashPassword(parsePassword(password)) });
  await revokeAllSessions(context.db, user.id, context.now());
  return `Password of ${email} changed; its sessions were signed out.`;
}

/** A single-use link, valid 10 minutes, to sign in as `targetEmail`, issued by the staff user `staffEmail`. */
export async function impersonationLink(
  context: ServiceContext,
  targetEmail: string | undefined,
  staffEmail: string | undefined,
): Promise<string> {
  const target = parseEmail(targetEmail);
  const staff = await findUserByEmail(context.db, parseEmail(staffEmail));
  if (!staff?.isStaff) throw new UsageError(`${staffEmail} is not a staff user (create one with create-staff)`);
  const issued = await issueImpersonation(context, staff.id, target).catch((error: unknown) => {
    // The service's refusals (no such user, a staff target) are the operator's mistake: say them plainly.
    throw error instanceof AppError ? new UsageError(error.detail) : error;
  });
  return `${issued.url}\n(single use, expires ${issued.expires_at})`;
}

export async function listUsersTable(context: ServiceContext): Promise<string> {
  const rows = await listUsers(context.db);
  const lines = rows.map((user) =>
    [
      String(user.id).padStart(5),
      user.email.padEnd(40),
      user.isVerified ? 'verified' : 'unverified',
      user.isStaff ? 'staff' : '',
      user.isDemo ? 'demo' : '',
    ]
      .join('  ')
      .trimEnd(),
  );
  return [`   id  ${'email'.padEnd(40)}  state`, ...lines].join('\n');
}
