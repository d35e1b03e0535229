import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createPlan } from '../src/admin/plan.commands';
import { hashPassword } from '../src/modules/accounts/passwords';
import { openSession } from '../src/modules/accounts/session.service';
import { insertUser, updateUser } from '../src/modules/accounts/users.repository';
import { FREE_PLAN_NAME } from '../src/modules/plans/plans.catalogue';
import { activateFreePlan } from '../src/modules/plans/plans.repository';
import type { TestServer } from './harness';

export interface BuiltUser {
  id: number;
  email: string;
  password: string;
  key: string;
  headers: { authorization: string };
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}-${++counter}-${randomBytes(3).toString('hex')}@example.test`;

/** A user straight in the database (verified unless told otherwise), on Free, with an open session. */
export async function buildUser(
  server: TestServer,
  options: { verified?: boolean; staff?: boolean; email?: string; password?: string } = {},
): Promise<BuiltUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? `pw-${randomBytes(6).toString('hex')}`;
  const user = await insertUser(server.context.db, {
    email,
    passwordHash: await hashPassword(password),
    isVerified: options.verified ?? true,
    isStaff: options.staff ?? false,
  });
  if (!user) throw new Error(`could not build user ${email}`);
  await activateFreePlan(server.context.db, user.id, FREE_PLAN_NAME);
  const key = await openSession(server.context.db, user.id);
  return { id: user.id, email, password, key, headers: { authorization: `Token ${key}` } };
}

export async function makeStaff(server: TestServer, userId: number): Promise<void> {
  await updateUser(server.context.db, userId, { isStaff: true });
}

/** POST JSON through app.inject. */
export function postJson(app: FastifyInstance, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, payload: payload as object, headers });
}

/** A request as `user` (their session key), with a JSON body when one is given. */
export function callAs(
  server: { app: FastifyInstance },
  user: BuiltUser,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return server.app.inject({
    method,
    url,
    headers: user.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Moves a user to another seeded plan (as a purchase would), for tests of plan limits. */
export async function setPlan(server: TestServer, userId: number, planName: string): Promise<void> {
  await server.context.db.execute(
    sql`UPDATE subscriptions SET is_active = false WHERE user_id = ${userId} AND is_active`,
  );
  await server.context.db.execute(sql`
    INSERT INTO subscriptions (user_id, plan_id, is_active, period, expire_time)
    SELECT ${userId}, id, true, 'Monthly', now() + interval '30 days' FROM plans WHERE name = ${planName}`);
}

/**
 * A small plan made as an operator makes one (`create-plan` with the flags of a plan written before
 * status pages existed), for tests of what a plan without the newer limits allows and of `edit-plan`.
 */
export async function createOldStylePlan(server: TestServer, name: string): Promise<void> {
  await createPlan(server.context, name, {
    level: '2',
    cost: '1000',
    notifications: '10',
    protocols: 'HTTP',
    'min-period': '60',
    'max-monitors': '5',
    probers: '1',
    'history-days': '7',
  });
}
