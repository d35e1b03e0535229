import { type AlertChannels, completeAlertChannels } from '@paydar/contracts/accounts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import type { Database } from '../../db/client';
import { monitorProbers, monitors, probers, users } from '../../db/schema/index';

// Plan limits are counted when a monitor is written; parallel requests must not all see room for one more.
let server: TestServer;
let proberIds: number[];
let localProberId: number;
beforeAll(async () => {
  server = await startTestServer();
  const [local] = await server.context.db.select().from(probers).where(eq(probers.name, 'Local'));
  const extra = await server.context.db
    .insert(probers)
    .values(
      [1, 2, 3, 4, 5].map((index) => ({
        name: `Race-${index}`,
        countryCode: 'DE',
        datacenter: 'race',
        keyHash: `race-key-${index}`,
      })),
    )
    .returning();
  localProberId = local?.id ?? 0;
  proberIds = [localProberId, ...extra.map((prober) => prober.id)];
});
afterAll(() => server.close());

const httpMonitor = (probersOfMonitor: number[]) => ({
  protocol_type: 'HTTP',
  url: '93.184.216.34/health',
  period: 300,
  apdex: 0.5,
  probers: probersOfMonitor,
});

const create = (user: BuiltUser, body: object) =>
  server.app.inject({ method: 'POST', url: '/api/v1/monitors/', headers: user.headers, payload: body });
const edit = (user: BuiltUser, id: number, body: object) =>
  server.app.inject({ method: 'PUT', url: `/api/v1/monitors/${id}/`, headers: user.headers, payload: body });

const monitorCount = async (userId: number) =>
  (await server.context.db.select().from(monitors).where(eq(monitors.userId, userId))).length;
const proberCount = async (monitorId: number) =>
  (await server.context.db.select().from(monitorProbers).where(eq(monitorProbers.monitorId, monitorId))).length;

/**
 * A change of the user's plan or profile held open, as a purchase, an expiry or a profile PUT holds
 * it: the user's row locked, `change` written, committed only when asked. Resolves once the lock is held.
 */
async function holdUserChange(userId: number, change: (db: Database) => Promise<void>) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = () => {};
  const holding = new Promise<void>((resolve) => {
    held = resolve;
  });
  const done = server.context.runInTransaction(async (transaction) => {
    await transaction.db.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
    await change(transaction.db);
    held();
    await gate;
  });
  await holding;
  return {
    commit: () => {
      release();
      return done;
    },
  };
}

/** Silver → Free (5 monitors, 3 probers), as an expiry does it. */
const holdPlanChangeToFree = (userId: number) =>
  holdUserChange(userId, async (db) => {
    await db.execute(sql`UPDATE subscriptions SET is_active = false WHERE user_id = ${userId} AND is_active`);
    await db.execute(sql`
      INSERT INTO subscriptions (user_id, plan_id, is_active, period)
      SELECT ${userId}, id, true, NULL FROM plans WHERE name = 'Free'`);
  });

/** Gives the request time to reach the point where it waits (or, unfixed, to read what it should not). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('plan limits under concurrency', () => {
  it('20 parallel creates by a Free user (limit 5) make exactly 5 monitors', async () => {
    const user = await buildUser(server);
    const responses = await Promise.all(Array.from({ length: 20 }, () => create(user, httpMonitor([localProberId]))));
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(5);
    expect(codes.filter((code) => code === 403)).toHaveLength(15);
    expect(await monitorCount(user.id)).toBe(5);
  });

  it('parallel creates up to the limit all succeed (the lock serialises, it does not refuse)', async () => {
    const user = await buildUser(server);
    const responses = await Promise.all(Array.from({ length: 5 }, () => create(user, httpMonitor([localProberId]))));
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
  });

  it('parallel edits that change the probers leave exactly one of the asked sets', async () => {
    const user = await buildUser(server);
    await setPlan(server, user.id, 'Silver');
    const created = (await create(user, httpMonitor([localProberId]))).json();
    const sets = [proberIds.slice(0, 5), proberIds.slice(1, 6), proberIds.slice(0, 3), proberIds.slice(3, 6)];
    const responses = await Promise.all(
      sets.flatMap((set) => [edit(user, created.id, httpMonitor(set)), edit(user, created.id, httpMonitor(set))]),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    const stored = (
      await server.context.db.select().from(monitorProbers).where(eq(monitorProbers.monitorId, created.id))
    ).map((row) => row.proberId);
    expect(sets.map((set) => [...set].sort().join())).toContain([...stored].sort().join());
  });

  it('an edit waits for a plan change in progress and is checked against the new plan', async () => {
    const user = await buildUser(server);
    await setPlan(server, user.id, 'Silver');
    const created = (await create(user, httpMonitor([localProberId]))).json();
    const planChange = await holdPlanChangeToFree(user.id);
    const editing = edit(user, created.id, httpMonitor(proberIds.slice(0, 5)));
    await settle();
    await planChange.commit();
    const response = await editing;
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'PLAN_LIMIT', probers: ["You can't select more than 3 probers"] });
    expect(await proberCount(created.id)).toBe(1);
  });

  it('a create waits for a plan change in progress and counts against the new plan', async () => {
    const user = await buildUser(server);
    await setPlan(server, user.id, 'Silver');
    for (let index = 0; index < 5; index += 1) await create(user, httpMonitor([localProberId]));
    const planChange = await holdPlanChangeToFree(user.id);
    const creating = create(user, httpMonitor([localProberId]));
    await settle();
    await planChange.commit();
    expect((await creating).statusCode).toBe(403);
    expect(await monitorCount(user.id)).toBe(5);
  });

  it('a monitor naming a channel waits for a profile change removing it, and is refused', async () => {
    const user = await buildUser(server);
    const channel = { value: 'ops@example.test', is_verified: true };
    const emptyChannels: AlertChannels = completeAlertChannels({});
    await server.context.db
      .update(users)
      .set({ alertChannels: { ...emptyChannels, emails: [channel] } })
      .where(eq(users.id, user.id));
    const profileChange = await holdUserChange(user.id, async (db) => {
      await db.update(users).set({ alertChannels: emptyChannels }).where(eq(users.id, user.id));
    });
    const creating = create(user, {
      ...httpMonitor([localProberId]),
      alert: [{ type: 'emails', value: channel.value }],
    });
    await settle();
    await profileChange.commit();
    const response = await creating;
    expect(response.statusCode).toBe(400);
    expect(response.json().alert).toBeDefined();
  });
});
