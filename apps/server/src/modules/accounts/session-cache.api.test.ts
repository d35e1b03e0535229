import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { heard } from '../../../test/change-feed';
import { type BuiltUser, buildUser, postJson } from '../../../test/factories';
import { startReplica, startTestServer, type TestServer } from '../../../test/harness';
import { SESSION_CACHE_TTL_MS } from './session-cache';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

// Two replicas on one database, each keeping sessions in memory (session-cache.ts).
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  a = await startTestServer();
  b = await startReplica(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});
afterEach(() => {
  a.clock.offsetMs = 0;
  b.clock.offsetMs = 0;
});

const statusOn = async (server: TestServer, key: string) =>
  (
    await server.app.inject({
      method: 'GET',
      url: '/api/v1/users/profile',
      headers: { authorization: `Token ${key}` },
    })
  ).statusCode;
const login = async (user: BuiltUser) =>
  (await postJson(a.app, '/api/v1/users/login', { email: user.email, password: user.password })).json().key as string;

/** Both replicas have the key in memory: the next answers come from their caches. */
async function warm(...keys: string[]) {
  for (const key of keys) {
    expect(await statusOn(a, key)).toBe(200);
    expect(await statusOn(b, key)).toBe(200);
  }
}

describe('a session ended on one replica', () => {
  it('logout: refused by that replica at once, and by the other as soon as the NOTIFY arrives', async () => {
    const user = await buildUser(a);
    const key = await login(user);
    await warm(key, user.key);
    const told = heard(b, 'user', user.id);
    expect((await postJson(a.app, '/api/v1/users/logout', {}, { authorization: `Token ${key}` })).statusCode).toBe(200);
    expect(await statusOn(a, key)).toBe(401);
    await told;
    expect(await statusOn(b, key)).toBe(401);
    // The user's other session was dropped from memory too, and read again: still live.
    expect(await statusOn(b, user.key)).toBe(200);
  });

  it('logout_all on the other replica: every key of the user, on both', async () => {
    const user = await buildUser(a);
    const other = await buildUser(a);
    const key = await login(user);
    await warm(key, user.key, other.key);
    const told = heard(a, 'user', user.id);
    expect((await postJson(b.app, '/api/v1/users/logout_all', {}, user.headers)).statusCode).toBe(200);
    expect(await statusOn(b, key)).toBe(401);
    expect(await statusOn(b, user.key)).toBe(401);
    await told;
    expect(await statusOn(a, key)).toBe(401);
    expect(await statusOn(a, user.key)).toBe(401);
    expect(await statusOn(a, other.key)).toBe(200);
  });

  it('a password change ends the other sessions on both replicas, the caller keeps hers', async () => {
    const user = await buildUser(a);
    const key = await login(user);
    await warm(key, user.key);
    const told = heard(b, 'user', user.id);
    const changed = await postJson(
      a.app,
      '/api/v1/users/change_password',
      { current_password: user.password, password: 'a new password!' },
      user.headers,
    );
    expect(changed.statusCode).toBe(200);
    expect(await statusOn(a, key)).toBe(401);
    await told;
    expect(await statusOn(b, key)).toBe(401);
    expect(await statusOn(b, user.key)).toBe(200);
  });

  it('a password reset ends every session on both replicas', async () => {
    const user = await buildUser(a);
    await warm(user.key);
    await postJson(a.app, '/api/v1/users/send_forget_password_email', { email: user.email });
    const mail = await a.inbox.waitFor(user.email, /Reset your/);
    const token = /token=([^&\s]+)/.exec(mail.text)?.[1];
    const told = heard(b, 'user', user.id);
    const reset = await postJson(a.app, '/api/v1/users/reset_password', {
      email: user.email,
      token,
      password: 'reset password!',
    });
    expect(reset.statusCode).toBe(200);
    expect(await statusOn(a, user.key)).toBe(401);
    await told;
    expect(await statusOn(b, user.key)).toBe(401);
    expect(await statusOn(b, reset.json().key)).toBe(200);
  });

  it('an impersonation session ends with its 8 hours on both replicas, kept in memory or not', async () => {
    const staff = await buildUser(a, { staff: true });
    const target = await buildUser(a);
    const issued = await postJson(a.app, '/api/v1/staff/impersonation_tokens', { email: target.email }, staff.headers);
    const used = await postJson(b.app, '/api/v1/users/impersonate', { token: issued.json().token });
    const key = used.json().key as string;
    await warm(key);
    // Expiry is judged on every request, from the kept session's times: no notification needed.
    for (const replica of [a, b]) replica.clock.offsetMs = 8 * HOUR_MS + 1;
    expect(await statusOn(a, key)).toBe(401);
    expect(await statusOn(b, key)).toBe(401);
  });

  it('an idle session expires on both replicas although kept in memory', async () => {
    const user = await buildUser(a);
    await warm(user.key);
    for (const replica of [a, b]) replica.clock.offsetMs = 30 * DAY_MS + HOUR_MS;
    expect(await statusOn(a, user.key)).toBe(401);
    expect(await statusOn(b, user.key)).toBe(401);
  });

  it("a user deleted by an operator's SQL: refused on both replicas", async () => {
    const user = await buildUser(a);
    await warm(user.key);
    const told = heard(b, 'user', user.id);
    await a.context.db.execute(sql`DELETE FROM users WHERE id = ${user.id}`);
    expect(await statusOn(a, user.key)).toBe(401);
    await told;
    expect(await statusOn(b, user.key)).toBe(401);
  });
});

describe('a notification lost', () => {
  it('while the LISTEN connection was down: the replica forgets every session when it listens again', async () => {
    const user = await buildUser(a);
    await warm(user.key);
    const admin = new pg.Client({ connectionString: a.databaseUrl });
    await admin.connect();
    try {
      const pidOfB = await listenerOfB(admin);
      const listening = heard(b, 'reset');
      // B's LISTEN backend is ended and the key revoked in one statement: B cannot have heard it.
      await admin.query(
        `WITH ended AS (SELECT pg_terminate_backend($1))
         UPDATE sessions SET revoked_at = now() WHERE user_id = $2 AND (SELECT count(*) FROM ended) = 1`,
        [pidOfB, user.id],
      );
      await listening;
      expect(await statusOn(b, user.key)).toBe(401);
    } finally {
      await admin.end();
    }
  });

  it(`without the connection noticing: the key is refused once kept ${SESSION_CACHE_TTL_MS / 1000} s (the TTL)`, async () => {
    const user = await buildUser(a);
    await warm(user.key);
    const admin = new pg.Client({ connectionString: a.databaseUrl });
    await admin.connect();
    try {
      // The revocation is announced to nobody: as if its NOTIFY were lost on the way.
      await admin.query('ALTER TABLE sessions DISABLE TRIGGER sessions_announce_update');
      await admin.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [user.id]);
      await admin.query('ALTER TABLE sessions ENABLE TRIGGER sessions_announce_update');
      // This is the stated window: B still honours the key it holds...
      expect(await statusOn(b, user.key)).toBe(200);
      // ...until it has kept it for the TTL (read on the service clock, moved here).
      b.clock.offsetMs = SESSION_CACHE_TTL_MS;
      expect(await statusOn(b, user.key)).toBe(401);
    } finally {
      await admin.query('ALTER TABLE sessions ENABLE TRIGGER sessions_announce_update');
      await admin.end();
    }
  });
});

/** B's LISTEN backend for the change feed: of the two replicas' listeners, the one started last. */
async function listenerOfB(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity
     WHERE datname = current_database() AND application_name = 'paydar:listen:paydar_changes'
     ORDER BY backend_start`,
  );
  expect(rows).toHaveLength(2);
  return rows[1]?.pid as number;
}
