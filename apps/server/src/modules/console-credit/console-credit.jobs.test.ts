import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import { type BuiltUser, buildUser } from '../../../test/factories';
import { CONSOLE_TEXTS, type FakeHostingConsole, startFakeHostingConsole } from '../../../test/fakes/hosting-console';
import { startTestServer, type TestServer } from '../../../test/harness';
import { itLeavesTheBooksBalanced } from '../../../test/ledger-audit';
import { CONSOLE_RECONCILE_QUEUE, reconcileConsoleTransfers, registerConsoleCreditJobs } from './console-credit.jobs';
import { findTransferRecord } from './console-credit.repository';
import { consoleLedgerKey } from './console-credit.service';

let server: TestServer;
let hostingConsole: FakeHostingConsole;
beforeAll(async () => {
  hostingConsole = await startFakeHostingConsole({ apiKey: 'console-jobs-key' });
  server = await startTestServer({ CONSOLE_API_URL: hostingConsole.url, CONSOLE_API_KEY: hostingConsole.apiKey });
});
afterAll(async () => {
  await server.close();
  await hostingConsole.stop();
});
beforeEach(() => {
  server.clock.offsetMs = 0;
});

const MINUTE = 60_000;
let keySerial = 0;
const newKey = () => `jobs-attempt-${Date.now()}-${++keySerial}`;

const addCredit = (user: BuiltUser, amount: number, key: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/users/add_credit',
    payload: { user_email: user.email, amount, description: 'June' },
    headers: { ...user.headers, 'idempotency-key': key },
  });

const balanceOf = async (userId: number) =>
  Number(
    (await server.context.db.execute<{ b: string }>(sql`SELECT charged_budget AS b FROM users WHERE id = ${userId}`))
      .rows[0]?.b,
  );
const postingsOf = async (userId: number) =>
  (
    await server.context.db.execute<{ amount: number; external_identifier: string; description: string }>(
      sql`SELECT amount, external_identifier, description FROM financial_transactions WHERE user_id = ${userId}`,
    )
  ).rows;
const stateOf = async (user: BuiltUser, key: string) =>
  (await findTransferRecord(server.context.db, consoleLedgerKey(user.id, key)))?.state;

/** The console makes the transfer under the key as if our request had reached it (its answer lost). */
async function consoleMakes(user: BuiltUser, key: string, amount: number): Promise<void> {
  const response = await fetch(`${hostingConsole.url}/v1/credit-transfers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${hostingConsole.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: user.email,
      amount,
      description: 'June',
      idempotency_key: consoleLedgerKey(user.id, key),
    }),
  });
  expect(response.status).toBe(201);
}

/** An add_credit whose outcome the caller never learns: the console answered a proxy's 502. */
async function lostAttempt(user: BuiltUser, amount: number): Promise<string> {
  const key = newKey();
  hostingConsole.failNext(1, { status: 502, html: true });
  expect((await addCredit(user, amount, key)).statusCode).toBe(502);
  expect(await stateOf(user, key)).toBe('requested');
  return key;
}

describe('the console-credit reconciliation job', () => {
  it('credits once a transfer the console made whose request never finished, however often it runs', async () => {
    const user = await buildUser(server);
    hostingConsole.setAccount(user.email, { credit: 500_000 });
    const key = await lostAttempt(user, 70_000);
    await consoleMakes(user, key, 70_000);

    await reconcileConsoleTransfers(server.context);
    expect(await balanceOf(user.id)).toBe(0); // two minutes have not passed: the request may still be in flight

    server.clock.offsetMs = 3 * MINUTE;
    await Promise.all([reconcileConsoleTransfers(server.context), reconcileConsoleTransfers(server.context)]);
    await reconcileConsoleTransfers(server.context);
    expect(await balanceOf(user.id)).toBe(70_000);
    const [posting] = await postingsOf(user.id);
    expect(posting).toMatchObject({ description: 'Credit from hosting console' });
    expect(posting?.external_identifier).toMatch(/^ct_/);
    expect(await stateOf(user, key)).toBe('credited');

    // The caller retries after all: answered from the posting, nothing moves again.
    const retry = await addCredit(user, 70_000, key);
    expect(retry.json()).toEqual({ success: true, amount: 70_000, balance: 70_000 });
    expect(await postingsOf(user.id)).toHaveLength(1);
    expect(hostingConsole.accounts.get(user.email)?.credit).toBe(430_000);
  });

  it('abandons a transfer the console never made, crediting nothing; a retry with the key can still credit', async () => {
    const user = await buildUser(server);
    hostingConsole.setAccount(user.email, { credit: 500_000 });
    const key = await lostAttempt(user, 20_000);
    server.clock.offsetMs = 3 * MINUTE;
    expect(await reconcileConsoleTransfers(server.context)).toMatchObject({ abandoned: 1 });
    expect(await stateOf(user, key)).toBe('abandoned');
    expect(await balanceOf(user.id)).toBe(0);

    expect((await addCredit(user, 20_000, key)).json()).toEqual({ success: true, amount: 20_000, balance: 20_000 });
    expect(await stateOf(user, key)).toBe('credited');
  });

  it('abandons at once what the console refused, and a retry after fixing it credits', async () => {
    const user = await buildUser(server);
    hostingConsole.setAccount(user.email, { credit: 1_000 });
    const key = newKey();
    const refused = await addCredit(user, 9_000, key);
    expect(refused.json()).toMatchObject({ detail: CONSOLE_TEXTS.notEnoughCredit });
    expect(await stateOf(user, key)).toBe('abandoned');
    hostingConsole.setAccount(user.email, { credit: 10_000 });
    expect((await addCredit(user, 9_000, key)).json()).toMatchObject({ success: true, balance: 9_000 });
  });

  it('keeps asking a console that cannot answer, and gives up after a day', async () => {
    const user = await buildUser(server);
    hostingConsole.setAccount(user.email);
    const key = await lostAttempt(user, 5_000);
    server.clock.offsetMs = 10 * MINUTE;
    hostingConsole.failNext(1, { status: 503 });
    expect(await reconcileConsoleTransfers(server.context)).toMatchObject({ unknown: 1 });
    expect(await stateOf(user, key)).toBe('requested');
    server.clock.offsetMs = 25 * 60 * MINUTE;
    hostingConsole.failNext(1, { status: 503 });
    expect(await reconcileConsoleTransfers(server.context)).toMatchObject({ abandoned: 1 });
    const record = await findTransferRecord(server.context.db, consoleLedgerKey(user.id, key));
    expect(record?.failureReason).toMatch(/^unverifiable after a day/);
  });

  it('credits once when the job and the caller’s retry settle the same transfer at the same time', async () => {
    const user = await buildUser(server);
    hostingConsole.setAccount(user.email);
    const key = await lostAttempt(user, 33_000);
    await consoleMakes(user, key, 33_000);
    server.clock.offsetMs = 3 * MINUTE;
    await Promise.all([
      reconcileConsoleTransfers(server.context),
      addCredit(user, 33_000, key),
      reconcileConsoleTransfers(server.context),
      addCredit(user, 33_000, key),
    ]);
    expect(await postingsOf(user.id)).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(33_000);
  });

  it('runs from the job queue once registered, on a five-minute schedule', async () => {
    const user = await buildUser(server);
    hostingConsole.setAccount(user.email);
    const key = await lostAttempt(user, 12_000);
    await consoleMakes(user, key, 12_000);
    server.clock.offsetMs = 3 * MINUTE;
    await registerConsoleCreditJobs(server.context);
    const schedule = await server.context.db.execute<{ cron: string }>(
      sql`SELECT cron FROM pgboss.schedule WHERE name = ${CONSOLE_RECONCILE_QUEUE}`,
    );
    expect(schedule.rows).toEqual([{ cron: '*/5 * * * *' }]);
    // Registering also queued a run (as at start): it credits the transfer.
    await eventually(async () => expect(await balanceOf(user.id)).not.toBe(0));
    expect(await balanceOf(user.id)).toBe(12_000);
  });
});

itLeavesTheBooksBalanced(() => server);
