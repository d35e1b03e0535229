import type { AlertChannels } from '@paydar/contracts/accounts';
import type { Calendar } from '@paydar/contracts/calendars';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/**
 * Reads a user and locks the row until the transaction ends: every read-modify-write of
 * alert_channels (profile PUT, channel verification) goes through this, so none loses another's change.
 */
export async function findUserByIdForUpdate(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** Returns undefined when the email is taken (the unique index decides, so concurrent sign-ups cannot both win). */
export async function insertUser(
  db: Database,
  values: {
    email: string;
    passwordHash: string;
    isVerified?: boolean;
    isDemo?: boolean;
    isStaff?: boolean;
    timeZone?: string;
    calendar?: Calendar;
  },
): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return row;
}

export async function updateUser(
  db: Database,
  id: number,
  values: Partial<{
    email: string;
    passwordHash: string;
    isVerified: boolean;
    isStaff: boolean;
    alertChannels: AlertChannels;
    timeZone: string;
    calendar: Calendar;
  }>,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

export function listUsers(db: Database): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.id));
}
