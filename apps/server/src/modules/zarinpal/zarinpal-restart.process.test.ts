import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import { eventually } from '../../../test/eventually';
import { type FakeZarinpal, startFakeZarinpal } from '../../../test/fakes/zarinpal';
import { freePort } from '../../../test/free-port';
import { LOADED_WAIT_MS } from '../../../test/loaded-machine';
import { type ServerProcess, startServerProcess } from '../../../test/server-process';
import { generateSecret, hashSecret } from '../accounts/secrets';

/**
 * The real server process killed with SIGKILL while Zarinpal's verify is on its way: Zarinpal
 * verified the payment, our answer was lost with the process. After the restart the payment is
 * credited once (the reconciliation job runs at start), and the payer's browser replaying the
 * callback sees the result without a second credit.
 */
let database: { url: string; drop(): Promise<void> };
let zarinpal: FakeZarinpal;
let db: pg.Client;
// Chosen once, so the restart serves on the same port; never a fixed one (parallel runs).
let port: string;

beforeAll(async () => {
  port = String(await freePort());
  database = await createTestDatabase();
  zarinpal = await startFakeZarinpal();
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
});
afterAll(async () => {
  await db.end();
  await zarinpal.stop();
  await database.drop();
});

const environment = () => ({
  PORT: port,
  DATABASE_URL: database.url,
  BUILTIN_PROBER_ENABLED: 'false',
  ZARINPAL_BASE_URL: zarinpal.url,
  ZARINPAL_MERCHANT_ID: zarinpal.merchantId,
  LOG_LEVEL: 'warn',
});

/** A verified user with an open session: its API key. */
async function seedUser(name: string): Promise<{ userId: number; key: string }> {
  const key = generateSecret();
  const { rows } = await db.query<{ id: number }>(
    `WITH u AS (INSERT INTO users (email, password_hash, is_verified) VALUES ($1, 'x', true) RETURNING id)
     INSERT INTO sessions (user_id, key_hash) SELECT id, $2 FROM u RETURNING user_id AS id`,
    [`${name}@example.test`, hashSecret(key)],
  );
  return { userId: rows[0]?.id as number, key };
}

const ledgerOf = async (userId: number) =>
  (
    await db.query<{ amount: string; external_identifier: string }>(
      'SELECT amount, external_identifier FROM financial_transactions WHERE user_id = $1',
      [userId],
    )
  ).rows;
const balanceOf = async (userId: number) =>
  Number((await db.query('SELECT charged_budget FROM users WHERE id = $1', [userId])).rows[0]?.charged_budget);

async function stop(server: ServerProcess, signal: NodeJS.Signals) {
  server.child.kill(signal);
  await server.exited;
}

describe('a server killed with SIGKILL while verifying a payment', () => {
  it('credits it once after the restart, and a replayed callback credits nothing more', async () => {
    const { userId, key } = await seedUser('payer');
    let server = await startServerProcess(environment());
    const requested = await fetch(`${server.url}/api/v1/users/zarinpal/request?goal=charge`, {
      method: 'POST',
      headers: { authorization: `Token ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 120_000 }),
    });
    expect(requested.status).toBe(200);
    const authority = ((await requested.json()) as { redirect_url: string }).redirect_url.split('/').pop() as string;
    const callback = new URL(zarinpal.pay(authority));
    const callbackUrl = `${server.url}${callback.pathname}${callback.search}`;

    // Zarinpal takes its time answering verify; the process dies while it does.
    zarinpal.setDelay(1_500);
    const inFlight = fetch(callbackUrl, { redirect: 'manual' }).catch(() => 'connection lost');
    await zarinpal.waitForCall((call) => call.path === 'verify' && call.body.authority === authority);
    await stop(server, 'SIGKILL');
    expect(await inFlight).toBe('connection lost');
    await eventually(async () => expect(zarinpal.payments.get(authority)?.state).toBe('verified'));
    zarinpal.setDelay(0);
    expect(await ledgerOf(userId)).toEqual([]);
    const [left] = (await db.query('SELECT state FROM zarinpal_payments WHERE authority = $1', [authority])).rows;
    expect(left?.state).toBe('pending');

    // Old enough for the reconciliation job, which runs when the server starts.
    await db.query("UPDATE zarinpal_payments SET created_at = now() - interval '20 minutes' WHERE authority = $1", [
      authority,
    ]);
    server = await startServerProcess(environment());
    try {
      await eventually(async () => expect(await balanceOf(userId)).toBe(120_000), LOADED_WAIT_MS);
      const replayed = await fetch(callbackUrl, { redirect: 'manual' });
      expect(replayed.status).toBe(302);
      expect(replayed.headers.get('location')).toMatch(
        /\/zarinpal_transaction_result\?status=OK&code=\d+&amount=120000/,
      );
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    } finally {
      await stop(server, 'SIGTERM');
    }
    const ledger = await ledgerOf(userId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]?.amount).toBe('120000');
    expect(ledger[0]?.external_identifier).toBe(String(zarinpal.payments.get(authority)?.refId));
    expect(await balanceOf(userId)).toBe(120_000);
  });
});
