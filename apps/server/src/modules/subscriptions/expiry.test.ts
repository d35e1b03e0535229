import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import { type BuiltUser, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { itLeavesTheBooksBalanced } from '../../../test/ledger-audit';
import { setUserPlan } from '../../admin/plan.commands';
import { monitorProbers, monitors, probers } from '../../db/schema/index';
import { assignedEnabledMonitors } from '../agent/assignments.repository';
import { postLedgerEntry } from '../ledger/ledger.repository';
import { SEND_MAIL_QUEUE } from '../mail/mail.jobs';
import { insertMonitor } from '../monitors/monitors.repository';
import { runSubscriptionExpiry } from './expiry.service';
import { registerSubscriptionJobs } from './subscriptions.jobs';

let server: TestServer;
let now: Date;
let localProberId: number;
beforeAll(async () => {
  server = await startTestServer();
  server.context.now = () => now;
  const [local] = await server.context.db.select().from(probers).where(eq(probers.name, 'Local'));
  localProberId = local?.id ?? 0;
});
afterAll(() => server.close());

const SILVER = 89_000;
const GOLD = 890_000;
const run = () => runSubscriptionExpiry(server.context);

let fundings = 0;
const fund = (userId: number, amount: number) =>
  server.context.runInTransaction(({ db }) =>
    postLedgerEntry(
      db,
      { userId, amount, source: 'admin_adjustment', description: 'test', idempotencyKey: `f-${userId}-${++fundings}` },
      now,
    ),
  );

async function userOnPlan(plan: 'Silver' | 'Gold', funds: number): Promise<BuiltUser> {
  const user = await buildUser(server);
  now = new Date('2026-04-01T00:00:00.000Z');
  await fund(user.id, funds);
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v2/users/subscriptions/buy',
    headers: user.headers,
    payload: { plan_name: plan, period: 'Monthly' },
  });
  expect(response.statusCode).toBe(200);
  return user;
}

const balanceOf = async (userId: number) =>
  Number(
    (await server.context.db.execute<{ b: string }>(sql`SELECT charged_budget AS b FROM users WHERE id = ${userId}`))
      .rows[0]?.b,
  );

const debitsOf = async (userId: number) =>
  (
    await server.context.db.execute<{ amount: string; source: string; description: string }>(
      sql`SELECT amount, source, description FROM financial_transactions
          WHERE user_id = ${userId} AND amount < 0 ORDER BY id`,
    )
  ).rows.map((row) => [Number(row.amount), row.source, row.description]);

const subscriptionsOf = async (userId: number) =>
  (
    await server.context.db.execute<{
      name: string;
      is_active: boolean;
      period: string | null;
      start_time: Date;
      expire_time: Date | null;
      expiry_notice_sent_at: Date | null;
    }>(
      sql`SELECT p.name, s.is_active, s.period, s.start_time, s.expire_time, s.expiry_notice_sent_at
          FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE s.user_id = ${userId} ORDER BY s.id`,
    )
  ).rows.map((row) => ({
    ...row,
    start_time: new Date(row.start_time).toISOString(),
    expire_time: row.expire_time ? new Date(row.expire_time).toISOString() : null,
  }));

/** Mails enqueued to this address whose subject matches: counted in the queue, not by waiting for SMTP. */
const mailJobs = async (to: string, subject: string) =>
  Number(
    (
      await server.context.db.execute<{ count: string }>(
        sql`SELECT count(*) AS count FROM pgboss.job
            WHERE name = ${SEND_MAIL_QUEUE} AND data->>'to' = ${to} AND data->>'subject' LIKE ${`%${subject}%`}`,
      )
    ).rows[0]?.count,
  );

describe('the subscription expiry job', () => {
  it('renews from the wallet once, however often and however concurrently it runs', async () => {
    const sequential = await userOnPlan('Silver', 2 * SILVER);
    const concurrent = await userOnPlan('Silver', 2 * SILVER);
    now = new Date('2026-05-01T00:05:00.000Z');
    await run();
    await run();
    await Promise.all([run(), run(), run()]);
    for (const user of [sequential, concurrent]) {
      expect(await debitsOf(user.id)).toEqual([
        [-SILVER, 'plan_purchase', 'Plan Silver (Monthly)'],
        [-SILVER, 'plan_renewal', 'Plan Silver (Monthly) renewal'],
      ]);
      expect(await balanceOf(user.id)).toBe(0);
      const rows = await subscriptionsOf(user.id);
      expect(rows.filter((row) => row.is_active)).toEqual([
        expect.objectContaining({
          name: 'Silver',
          period: 'Monthly',
          // The new period starts where the old one ended, not when the job happened to run.
          start_time: '2026-05-01T00:00:00.000Z',
          expire_time: '2026-06-01T00:00:00.000Z',
        }),
      ]);
      expect(rows).toHaveLength(3);
      expect(await mailJobs(user.email, 'plan was renewed')).toBe(1);
    }
    const mail = await server.inbox.waitFor(concurrent.email, /Your Silver \(Monthly\) plan was renewed/);
    expect(mail.text).toContain('until 2026-06-01 00:00 UTC');
    expect(mail.text).toContain('89,000 Tomans was taken from your wallet; your credit is now 0 Tomans.');
  });

  it('moves to Free without the credit, switching off the monitors beyond it newest first, deleting none', async () => {
    const user = await userOnPlan('Gold', GOLD);
    const made: Record<string, number> = {};
    const add = async (name: string, fields: Partial<typeof monitors.$inferInsert> = {}) => {
      const row = await insertMonitor(
        server.context.db,
        {
          userId: user.id,
          protocolType: 'HTTP',
          url: `http://example.test/${name}`,
          alias: name,
          periodSeconds: 300,
          apdexMs: 500,
          token: `token-${user.id}-${name}`,
          createdAt: new Date(Date.UTC(2026, 3, 1, 0, Object.keys(made).length)),
          ...fields,
        },
        [localProberId],
      );
      made[name] = row.id;
    };
    await add('a'); // oldest
    await add('ping', { protocolType: 'ICMP', url: null, host: 'example.test' });
    await add('b');
    await add('tcp', { protocolType: 'TCP', url: null, host: 'example.test:443' }); // no TCP on Free
    await add('fast', { periodSeconds: 60 }); // below Free's 300 s
    await add('c');
    await add('off', { isEnabled: false }); // already off: neither counted nor touched
    await add('guarded', { protocolType: 'TCP', url: null, host: 'example.test:22', isProtected: true });
    await add('post', { httpMethod: 'POST' }); // Free has GET and HEAD
    await add('d');
    await add('e'); // newest
    const versionBefore = await assignmentVersion();

    now = new Date('2026-05-01T00:10:00.000Z');
    await run();
    await run();

    const rows = await server.context.db.select().from(monitors).where(eq(monitors.userId, user.id));
    expect(rows).toHaveLength(11);
    const enabled = Object.fromEntries(rows.map((row) => [row.alias, row.isEnabled]));
    // Within Free's limits: a, ping, b, c, d, guarded (protected, counted) and e — seven for five
    // places, so the newest two that may be switched off, e and d, go too.
    expect(enabled).toEqual({
      a: true,
      ping: true,
      b: true,
      tcp: false,
      fast: false,
      c: true,
      off: false,
      guarded: true,
      post: false,
      d: false,
      e: false,
    });
    expect(await assignmentVersion()).toBeGreaterThan(versionBefore);
    const assigned = (await assignedEnabledMonitors(server.context.db, localProberId)).map((row) => row.id);
    for (const name of ['tcp', 'fast', 'post', 'd', 'e']) expect(assigned).not.toContain(made[name]);
    for (const name of ['a', 'ping', 'b', 'c']) expect(assigned).toContain(made[name]);

    const active = (await subscriptionsOf(user.id)).filter((row) => row.is_active);
    expect(active).toEqual([expect.objectContaining({ name: 'Free', period: null, expire_time: null })]);
    expect(await debitsOf(user.id)).toEqual([[-GOLD, 'plan_purchase', 'Plan Gold (Monthly)']]);
    expect(await mailJobs(user.email, 'you are on the Free plan')).toBe(1);
    const mail = await server.inbox.waitFor(user.email, /Gold \(Monthly\) plan ended: you are on the Free plan/);
    expect(mail.text).toContain('Its renewal costs 890,000 Tomans and your credit was 0 Tomans.');
    // Newest first, by the name the dashboard shows.
    expect(mail.text).toContain('- HTTP:e\n- HTTP:d\n- HTTP:post\n- HTTP:fast\n- TCP:tcp');
    expect(mail.text).toContain('http://dashboard.test/finance');
  });

  it('sends the three-day notice once, saying whether the credit covers the renewal', async () => {
    const covered = await userOnPlan('Silver', 2 * SILVER);
    const short = await userOnPlan('Silver', SILVER + 10_000);
    now = new Date('2026-04-27T23:59:00.000Z'); // more than three days before
    await run();
    expect(await mailJobs(covered.email, 'plan ends on')).toBe(0);

    now = new Date('2026-04-28T00:01:00.000Z');
    await Promise.all([run(), run()]);
    await run();
    for (const user of [covered, short]) {
      expect(await mailJobs(user.email, 'Your Silver (Monthly) plan ends on 2026-05-01')).toBe(1);
      const [active] = (await subscriptionsOf(user.id)).filter((row) => row.is_active);
      expect(active?.expiry_notice_sent_at).not.toBeNull();
    }
    const good = await server.inbox.waitFor(covered.email, /plan ends on 2026-05-01/);
    expect(good.text).toContain('ends on 2026-05-01 00:00 UTC');
    expect(good.text).toContain('Your credit (89,000 Tomans) covers the renewal');
    expect(good.text).toContain('switch off "Renew automatically" on your Billing page');
    const bad = await server.inbox.waitFor(short.email, /plan ends on 2026-05-01/);
    expect(bad.text).toContain('Charge at least 79,000 Tomans before then');
    expect(await debitsOf(covered.id)).toHaveLength(1);
  });

  it('takes nothing from a plan whose renewal was switched off: the notice says so, and it ends in Free', async () => {
    const user = await userOnPlan('Silver', 3 * SILVER);
    const off = await switchRenewal(user, false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ auto_renew: false, subscription_plan: { name: 'Silver' } });

    now = new Date('2026-04-28T12:00:00.000Z');
    await run();
    const notice = await server.inbox.waitFor(user.email, /Silver \(Monthly\) plan ends on 2026-05-01/);
    expect(notice.text).toContain('You switched off its renewal, so nothing will be taken from your wallet');

    now = new Date('2026-05-01T00:10:00.000Z');
    await Promise.all([run(), run()]);
    expect(await debitsOf(user.id)).toEqual([[-SILVER, 'plan_purchase', 'Plan Silver (Monthly)']]);
    expect(await balanceOf(user.id)).toBe(2 * SILVER);
    expect((await subscriptionsOf(user.id)).filter((row) => row.is_active)).toEqual([
      expect.objectContaining({ name: 'Free', expire_time: null }),
    ]);
    const ended = await server.inbox.waitFor(user.email, /Silver \(Monthly\) plan ended/);
    expect(ended.text).toContain('You had switched off its renewal; nothing was taken from your wallet.');
  });

  it('renews again once switched back on before the end', async () => {
    const user = await userOnPlan('Silver', 2 * SILVER);
    expect((await switchRenewal(user, false)).statusCode).toBe(200);
    expect((await switchRenewal(user, true)).json()).toMatchObject({ auto_renew: true });
    now = new Date('2026-05-01T00:10:00.000Z');
    await run();
    expect((await debitsOf(user.id)).map((row) => row[1])).toEqual(['plan_purchase', 'plan_renewal']);
  });

  it('renews a plan that ended a whole period ago (no server ran) from now, taking one price only', async () => {
    const user = await userOnPlan('Silver', 3 * SILVER);
    now = new Date('2026-06-15T08:00:00.000Z'); // ended 2026-05-01: a renewal from then would be over by 06-01
    await run();
    await run();
    expect((await debitsOf(user.id)).map((row) => row[1])).toEqual(['plan_purchase', 'plan_renewal']);
    expect((await subscriptionsOf(user.id)).filter((row) => row.is_active)).toEqual([
      expect.objectContaining({
        name: 'Silver',
        start_time: '2026-06-15T08:00:00.000Z',
        expire_time: '2026-07-15T08:00:00.000Z',
      }),
    ]);
  });

  it("leaves each kept monitor at most Free's prober count, keeping enabled probers and the lowest ids", async () => {
    const user = await userOnPlan('Gold', GOLD);
    const extra: number[] = [];
    for (const [index, disabled] of [false, true, false, false].entries()) {
      const [row] = await server.context.db
        .insert(probers)
        .values({
          name: `Trim-${user.id}-${index}`,
          countryCode: 'DE',
          datacenter: 'x',
          keyHash: `trim-${user.id}-${index}`,
          disabled,
        })
        .returning();
      extra.push(row?.id ?? 0);
    }
    const [first, disabledOne, third, fourth] = extra as [number, number, number, number];
    const monitor = (alias: string, proberIds: number[], fields: Partial<typeof monitors.$inferInsert> = {}) =>
      insertMonitor(
        server.context.db,
        {
          userId: user.id,
          protocolType: 'HTTP',
          url: `http://example.test/${alias}`,
          alias,
          periodSeconds: 300,
          apdexMs: 500,
          token: `token-${user.id}-${alias}`,
          ...fields,
        },
        proberIds,
      );
    const wide = await monitor('wide', [localProberId, first, disabledOne, third, fourth]);
    const narrow = await monitor('narrow', [localProberId, first]);
    const guarded = await monitor('guarded', [localProberId, first, disabledOne, third, fourth], {
      isProtected: true,
    });
    const versionBefore = (await proberVersions([fourth]))[0] ?? 0;

    now = new Date('2026-05-01T00:10:00.000Z');
    await run();

    // Free allows 3: the disabled prober goes first, then the highest id.
    expect(await probersOf(wide.id)).toEqual([localProberId, first, third].sort((a, b) => a - b));
    expect(await probersOf(narrow.id)).toEqual([localProberId, first].sort((a, b) => a - b));
    expect(await probersOf(guarded.id)).toHaveLength(5); // protected: an operator's, not touched
    expect((await proberVersions([fourth]))[0]).toBeGreaterThan(versionBefore);
    const mail = await server.inbox.waitFor(user.email, /Gold \(Monthly\) plan ended/);
    expect(mail.text).toContain("These monitors keep running from 3 probers, the Free plan's limit");
    expect(mail.text).toContain('- HTTP:wide');
    expect(mail.text).not.toContain('- HTTP:narrow');
  });

  it('does not renew a plan the wallet does not sell (Enterprise set by an operator), whatever the credit', async () => {
    const user = await buildUser(server);
    now = new Date('2026-04-01T00:00:00.000Z');
    await setUserPlan(server.context, user.email, 'Enterprise', '1');
    await fund(user.id, 5_000_000);
    now = new Date('2026-05-01T01:00:00.000Z');
    await run();
    expect((await subscriptionsOf(user.id)).filter((row) => row.is_active)).toEqual([
      expect.objectContaining({ name: 'Free' }),
    ]);
    expect(await balanceOf(user.id)).toBe(5_000_000);
    const mail = await server.inbox.waitFor(user.email, /Enterprise \(Monthly\) plan ended/);
    expect(mail.text).toContain('It is not renewed from the wallet.');
  });

  it('runs from the job queue once registered, at start and on a 10-minute schedule', async () => {
    const user = await userOnPlan('Silver', 2 * SILVER);
    now = new Date('2026-05-01T00:20:00.000Z');
    await registerSubscriptionJobs(server.context);
    await eventually(async () => expect((await debitsOf(user.id)).length).toBeGreaterThanOrEqual(2));
    expect((await debitsOf(user.id)).map((row) => row[1])).toEqual(['plan_purchase', 'plan_renewal']);
    const schedule = await server.context.db.execute<{ cron: string }>(
      sql`SELECT cron FROM pgboss.schedule WHERE name = 'subscriptions.expiry'`,
    );
    expect(schedule.rows).toEqual([{ cron: '*/10 * * * *' }]);
  });
});

function switchRenewal(user: BuiltUser, autoRenew: boolean) {
  return server.app.inject({
    method: 'PATCH',
    url: '/api/v1/users/subscriptions/auto_renew',
    headers: user.headers,
    payload: { auto_renew: autoRenew },
  });
}

async function probersOf(monitorId: number): Promise<number[]> {
  const rows = await server.context.db
    .select({ id: monitorProbers.proberId })
    .from(monitorProbers)
    .where(eq(monitorProbers.monitorId, monitorId));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

async function proberVersions(ids: number[]): Promise<number[]> {
  const rows = await server.context.db.select().from(probers).where(inArray(probers.id, ids));
  return rows.map((row) => row.assignmentVersion);
}

async function assignmentVersion(): Promise<number> {
  const [row] = await server.context.db.select().from(probers).where(eq(probers.id, localProberId));
  return row?.assignmentVersion ?? 0;
}

itLeavesTheBooksBalanced(() => server);
