import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser } from '../../../test/factories';
import { CONSOLE_TEXTS, type FakeHostingConsole, startFakeHostingConsole } from '../../../test/fakes/hosting-console';
import { startTestServer, type TestServer } from '../../../test/harness';
import { itLeavesTheBooksBalanced } from '../../../test/ledger-audit';
import type { Caller } from '../../context';
import { addConsoleCredit, CONSOLE_OFF_TEXT, checkOrganization } from './console-credit.service';

let server: TestServer;
let hostingConsole: FakeHostingConsole;
beforeAll(async () => {
  hostingConsole = await startFakeHostingConsole({ apiKey: 'console-test-key' });
  server = await startTestServer({ CONSOLE_API_URL: hostingConsole.url, CONSOLE_API_KEY: hostingConsole.apiKey });
});
afterAll(async () => {
  await server.close();
  await hostingConsole.stop();
});

let keySerial = 0;
const newKey = () => `attempt-${Date.now()}-${++keySerial}`;

/** `key: null` sends no Idempotency-Key header. */
function addCredit(user: BuiltUser | null, payload: object, key: string | null = newKey()) {
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/users/add_credit',
    payload,
    headers: { ...(user?.headers ?? {}), ...(key === null ? {} : { 'idempotency-key': key }) },
  });
}

const checkOrg = (user: BuiltUser | null) =>
  server.app.inject({ method: 'GET', url: '/api/v1/users/check_organization', headers: user?.headers ?? {} });

const balanceOf = async (userId: number) =>
  Number(
    (await server.context.db.execute<{ b: string }>(sql`SELECT charged_budget AS b FROM users WHERE id = ${userId}`))
      .rows[0]?.b,
  );

const ledgerOf = async (userId: number) =>
  (
    await server.context.db.execute(
      sql`SELECT amount, source, description, external_identifier, idempotency_key FROM financial_transactions WHERE user_id = ${userId}`,
    )
  ).rows;

const transfersOf = (email: string) => hostingConsole.transfers.filter((transfer) => transfer.email === email);

const callerOf = (user: BuiltUser): Caller => ({
  userId: user.id,
  email: user.email,
  isVerified: true,
  isStaff: false,
  isDemo: false,
  sessionId: 0,
  key: user.key,
  impersonatorId: null,
  apiToken: null,
});

describe('GET /api/v1/users/check_organization', () => {
  it("answers whether the caller's console account is linked, asking with our key", async () => {
    const linked = await buildUser(server);
    const unlinked = await buildUser(server);
    const stranger = await buildUser(server);
    hostingConsole.setAccount(linked.email);
    hostingConsole.setAccount(unlinked.email, { hasOrganization: false });
    expect((await checkOrg(linked)).json()).toEqual({ has_organization: true });
    expect((await checkOrg(unlinked)).json()).toEqual({ has_organization: false });
    // No console account at all: nothing to link yet, so no organization either.
    expect((await checkOrg(stranger)).json()).toEqual({ has_organization: false });
    expect(hostingConsole.calls.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v1/organizations/by-email',
      authorization: 'Bearer console-test-key',
    });
  });

  it('maps console failures and refuses a signed-out caller', async () => {
    const user = await buildUser(server);
    hostingConsole.failNext(1, { status: 401, detail: CONSOLE_TEXTS.badKey });
    const badKey = await checkOrg(user);
    expect(badKey.statusCode).toBe(401);
    expect(badKey.json().code).toBe('CONSOLE_NOT_AUTHENTICATED');
    hostingConsole.failNext(1, { status: 500 });
    expect((await checkOrg(user)).statusCode).toBe(502);
    expect((await checkOrg(null)).statusCode).toBe(401);
  });
});

describe('POST /api/v1/users/add_credit', () => {
  it('moves the credit from the console and credits the wallet, recording the transfer id', async () => {
    const user = await buildUser(server);
    hostingConsole.setAccount(user.email, { credit: 1_000_000 });
    const key = newKey();
    const response = await addCredit(user, { user_email: user.email, amount: 250_000, description: 'June' }, key);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, amount: 250_000, balance: 250_000 });
    const [transfer] = transfersOf(user.email);
    expect(transfer).toMatchObject({
      amount: 250_000,
      description: 'June',
      idempotencyKey: `console:${user.id}:${key}`,
    });
    expect(hostingConsole.accounts.get(user.email)?.credit).toBe(750_000);
    expect(await ledgerOf(user.id)).toEqual([
      {
        amount: '250000',
        source: 'console',
        description: 'Credit from hosting console',
        external_identifier: transfer?.transferId,
        idempotency_key: `console:${user.id}:${key}`,
      },
    ]);
  });

  it('credits once when the same request is retried, in a row or at the same time; a new key credits again', async () => {
    const user = await buildUser(server);
    hostingConsole.setAccount(user.email);
    const body = { user_email: user.email, amount: 10_000, description: '' };
    const key = newKey();
    const first = await addCredit(user, body, key);
    for (let index = 0; index < 4; index += 1) {
      const retry = await addCredit(user, body, key);
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
    }
    const concurrentKey = newKey();
    const racing = await Promise.all(Array.from({ length: 10 }, () => addCredit(user, body, concurrentKey)));
    for (const response of racing) expect(response.statusCode, response.body).toBe(200);
    expect(await balanceOf(user.id)).toBe(20_000);
    expect(transfersOf(user.email)).toHaveLength(2);
    expect(await addCredit(user, body, newKey()).then((response) => response.json())).toMatchObject({
      balance: 30_000,
    });
    expect(await ledgerOf(user.id)).toHaveLength(3);
  });

  it('credits once a transfer the console made but whose answer was lost', async () => {
    const user = await buildUser(server);
    hostingConsole.setAccount(user.email, { credit: 100_000 });
    const key = newKey();
    // The first attempt reached the console; its answer never came back to us.
    const earlier = await fetch(`${hostingConsole.url}/v1/credit-transfers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${hostingConsole.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: user.email,
        amount: 40_000,
        description: 'x',
        idempotency_key: `console:${user.id}:${key}`,
      }),
    });
    expect(earlier.status).toBe(201);
    const retry = await addCredit(user, { user_email: user.email, amount: 40_000, description: 'x' }, key);
    expect(retry.json()).toEqual({ success: true, amount: 40_000, balance: 40_000 });
    expect(hostingConsole.accounts.get(user.email)?.credit).toBe(60_000);
    expect(transfersOf(user.email)).toHaveLength(1);
  });

  it('refuses a key reused for another amount, moving nothing more', async () => {
    const user = await buildUser(server);
    hostingConsole.setAccount(user.email);
    const key = newKey();
    await addCredit(user, { user_email: user.email, amount: 5_000 }, key);
    const reused = await addCredit(user, { user_email: user.email, amount: 6_000 }, key);
    expect(reused.statusCode).toBe(409);
    expect(await balanceOf(user.id)).toBe(5_000);
    expect(transfersOf(user.email)).toHaveLength(1);
  });

  it('answers 404, 400 (keeping the organization text), 401, 403 and 502 as the console does, crediting nothing', async () => {
    const user = await buildUser(server);
    const body = { user_email: user.email, amount: 5_000, description: '' };
    const noAccount = await addCredit(user, body);
    expect(noAccount.statusCode).toBe(404);

    hostingConsole.setAccount(user.email, { hasOrganization: false });
    const notLinked = await addCredit(user, body);
    expect(notLinked.statusCode).toBe(400);
    expect(notLinked.json()).toMatchObject({ code: 'CONSOLE_REFUSED', detail: CONSOLE_TEXTS.notLinked });
    expect(notLinked.json().detail).toMatch(/organization/);

    hostingConsole.setAccount(user.email, { hasOrganization: true, credit: 1_000 });
    expect((await addCredit(user, body)).json()).toMatchObject({ detail: CONSOLE_TEXTS.notEnoughCredit });

    hostingConsole.setAccount(user.email, { credit: 100_000, transfersAllowed: false });
    expect((await addCredit(user, body)).statusCode).toBe(403);

    hostingConsole.failNext(1, { status: 401 });
    const badKey = await addCredit(user, body);
    expect(badKey.statusCode).toBe(401);
    expect(badKey.json().code).toBe('CONSOLE_NOT_AUTHENTICATED');

    hostingConsole.failNext(1, { status: 500 });
    expect((await addCredit(user, body)).statusCode).toBe(502);
    hostingConsole.failNext(1, { status: 502, html: true });
    expect((await addCredit(user, body)).statusCode).toBe(502);

    expect(await balanceOf(user.id)).toBe(0);
    expect(await ledgerOf(user.id)).toEqual([]);
  });

  it("refuses crediting another user's email, before asking the console", async () => {
    const user = await buildUser(server);
    const other = await buildUser(server);
    hostingConsole.setAccount(other.email);
    const before = hostingConsole.calls.length;
    const response = await addCredit(user, { user_email: other.email, amount: 5_000 });
    expect(response.statusCode).toBe(403);
    expect(hostingConsole.calls.length).toBe(before);
    expect(await balanceOf(user.id)).toBe(0);
    expect(await balanceOf(other.id)).toBe(0);
  });

  it('names the field of a bad amount, email or Idempotency-Key, and refuses a signed-out caller', async () => {
    const user = await buildUser(server);
    for (const amount of [999, 5_000_001, 2_000.5, '5000']) {
      const response = await addCredit(user, { user_email: user.email, amount });
      expect(response.statusCode, `amount ${amount}`).toBe(400);
      expect(response.json()).toHaveProperty('amount');
    }
    expect((await addCredit(user, { user_email: 'nope', amount: 5_000 })).json()).toHaveProperty('user_email');
    const noKey = await addCredit(user, { user_email: user.email, amount: 5_000 }, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toHaveProperty('idempotency-key');
    expect((await addCredit(user, { user_email: user.email, amount: 5_000 }, 'short')).json()).toHaveProperty(
      'idempotency-key',
    );
    expect((await addCredit(null, { user_email: user.email, amount: 5_000 })).statusCode).toBe(401);
  });

  it('says clearly that console credit is off when the console is not configured', async () => {
    const user = await buildUser(server);
    await expect(checkOrganization(undefined, callerOf(user))).rejects.toMatchObject({
      statusCode: 503,
      detail: CONSOLE_OFF_TEXT,
    });
    await expect(
      addConsoleCredit(
        server.context,
        undefined,
        callerOf(user),
        { user_email: user.email, amount: 5_000, description: '' },
        newKey(),
      ),
    ).rejects.toMatchObject({ statusCode: 503 });
  });

  it('refuses the demo account (403 DEMO_READ_ONLY) and moves nothing', async () => {
    const login = await server.app.inject({ method: 'GET', url: '/api/v1/users/login_as_demo' });
    const demo = { headers: { authorization: `Token ${login.json().key}` } } as BuiltUser;
    const email = server.context.config.DEMO_EMAIL;
    const response = await addCredit(demo, { user_email: email, amount: 250_000, description: 'June' });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('DEMO_READ_ONLY');
    expect(transfersOf(email)).toEqual([]);
  });
});

itLeavesTheBooksBalanced(() => server);
