import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, makeStaff, postJson, uniqueEmail } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { hashSecret } from '../accounts/secrets';
import { findActiveSession } from '../accounts/sessions.repository';
import { listImpersonations } from './impersonation.repository';
import { STAFF_TARGET_TEXT } from './impersonation.service';

const MINUTE_MS = 60_000;

let server: TestServer;
let staff: BuiltUser;
beforeAll(async () => {
  server = await startTestServer();
  staff = await buildUser(server, { staff: true });
});
afterAll(() => server.close());
afterEach(() => {
  server.clock.offsetMs = 0;
});

const issue = (email: string, headers: Record<string, string> = staff.headers) =>
  postJson(server.app, '/api/v1/staff/impersonation_tokens', { email }, headers);
const use = (token: string, remoteAddress = '203.0.113.9') =>
  server.app.inject({ method: 'POST', url: '/api/v1/users/impersonate', payload: { token }, remoteAddress });
const profileOf = (key: string) =>
  server.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers: { authorization: `Token ${key}` } });

describe('issuing an impersonation token', () => {
  it('gives a staff user a token, its dashboard link and an expiry 10 minutes ahead', async () => {
    const target = await buildUser(server);
    const before = Date.now();
    const response = await issue(target.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['expires_at', 'token', 'url']);
    expect(body.token.length).toBeGreaterThanOrEqual(43);
    expect(body.url).toBe(`http://dashboard.test/impersonate?token=${body.token}`);
    const expiresAt = Date.parse(body.expires_at);
    expect(body.expires_at).toBe(new Date(expiresAt).toISOString());
    expect(expiresAt).toBeGreaterThanOrEqual(before + 10 * MINUTE_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 10 * MINUTE_MS);
  });

  it('refuses a user who is not staff with 403, and issues nothing', async () => {
    const target = await buildUser(server);
    const someone = await buildUser(server);
    const rowsBefore = (await listImpersonations(server.context.db)).length;
    const response = await issue(target.email, someone.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'FORBIDDEN', detail: 'Only staff users can impersonate.' });
    expect(await listImpersonations(server.context.db)).toHaveLength(rowsBefore);
  });

  it('refuses a staff target with 403, and issues nothing: a staff session would carry staff powers', async () => {
    const otherStaff = await buildUser(server, { staff: true });
    const rowsBefore = (await listImpersonations(server.context.db)).length;
    for (const email of [otherStaff.email, staff.email]) {
      const response = await issue(email);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'FORBIDDEN', detail: STAFF_TARGET_TEXT });
    }
    expect(await listImpersonations(server.context.db)).toHaveLength(rowsBefore);
  });

  it('answers 401 without a key or with an unknown one', async () => {
    const target = await buildUser(server);
    for (const headers of [{}, { authorization: 'Token not-a-key' }] as Array<Record<string, string>>) {
      const response = await issue(target.email, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('NOT_AUTHENTICATED');
    }
  });

  it('names the email field when no user has it', async () => {
    const response = await issue(uniqueEmail('nobody'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      detail: 'email: No user with this email.',
      email: ['No user with this email.'],
    });
  });
});

describe('using an impersonation token', () => {
  it("signs in as the target: the key reads the target's profile, marked with the staff user behind it", async () => {
    const target = await buildUser(server);
    const { token } = (await issue(target.email)).json();
    const response = await use(token);
    expect(response.statusCode).toBe(200);
    const { key } = response.json();
    const profile = (await profileOf(key)).json();
    expect(profile).toMatchObject({ id: target.id, email: target.email, is_staff: false });
    const session = await findActiveSession(server.context.db, hashSecret(key));
    expect(session).toMatchObject({ impersonatorId: staff.id, user: { id: target.id } });
    // The staff user's own session is untouched, and the impersonating session has no staff powers.
    expect((await profileOf(staff.key)).json().id).toBe(staff.id);
    const other = await buildUser(server);
    expect((await issue(other.email, { authorization: `Token ${key}` })).statusCode).toBe(403);
  });

  it('works once: a second use is refused and opens no session', async () => {
    const target = await buildUser(server);
    const { token } = (await issue(target.email)).json();
    expect((await use(token)).statusCode).toBe(200);
    const again = await use(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'INVALID_TOKEN',
      detail: 'This impersonation link is invalid, used or expired.',
    });
  });

  it('lets exactly one of two simultaneous uses win', async () => {
    const target = await buildUser(server);
    const { token } = (await issue(target.email)).json();
    const statuses = (await Promise.all([use(token), use(token), use(token)])).map((response) => response.statusCode);
    expect(statuses.sort()).toEqual([200, 400, 400]);
  });

  it('works up to 10 minutes after issue and not after', async () => {
    const target = await buildUser(server);
    const early = (await issue(target.email)).json().token;
    const late = (await issue(target.email)).json().token;
    server.clock.offsetMs = 9 * MINUTE_MS;
    expect((await use(early)).statusCode).toBe(200);
    server.clock.offsetMs = 11 * MINUTE_MS;
    const expired = await use(late);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('INVALID_TOKEN');
  });

  it('refuses a token whose target became staff after it was issued, and opens no session', async () => {
    const target = await buildUser(server);
    const { token } = (await issue(target.email)).json();
    await makeStaff(server, target.id);
    const response = await use(token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'FORBIDDEN', detail: STAFF_TARGET_TEXT });
    const sessions = await server.context.db.execute<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM sessions WHERE user_id = ${target.id} AND impersonator_id IS NOT NULL`,
    );
    expect(sessions.rows[0]?.count).toBe(0);
  });

  it('refuses a token that was never issued', async () => {
    const response = await use('made-up-token');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_TOKEN');
  });

  it('records each use: who, whom, when and from where', async () => {
    const target = await buildUser(server);
    const { token } = (await issue(target.email)).json();
    const unused = (await issue(target.email)).json().token as string;
    const before = Date.now();
    expect((await use(token, '192.0.2.44')).statusCode).toBe(200);

    const rows = (await listImpersonations(server.context.db)).filter((row) => row.targetUserId === target.id);
    expect(rows).toHaveLength(2);
    const used = rows.find((row) => row.tokenHash === hashSecret(token));
    expect(used).toMatchObject({ staffUserId: staff.id, targetUserId: target.id, usedFromIp: '192.0.2.44' });
    expect(used?.usedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(used?.usedAt?.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    // Only the hash is stored, never the token itself.
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.find((row) => row.tokenHash === hashSecret(unused))).toMatchObject({ usedAt: null, usedFromIp: null });
  });
});
