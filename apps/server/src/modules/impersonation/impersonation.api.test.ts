import { IMPERSONATION_LINK_INVALID_TEXT } from '@paydar/contracts/accounts';
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

describe('a mangled impersonation link (issue 37)', () => {
  it('gets what every other bad link gets, naming the token, whatever its length', async () => {
    for (const token of ['x'.repeat(201), 'x'.repeat(5000), '']) {
      const response = await use(token);
      expect(response.statusCode).toBe(400);
      expect(response.json().token).toEqual([IMPERSONATION_LINK_INVALID_TEXT]);
      expect(response.json().detail).toBe(`token: ${IMPERSONATION_LINK_INVALID_TEXT}`);
    }
    expect((await use('made-up-token')).json().detail).toBe(IMPERSONATION_LINK_INVALID_TEXT);
  });
});

describe('the record of impersonations for staff (issue 37)', () => {
  const record = (query = '', headers: Record<string, string> = staff.headers) =>
    server.app.inject({ method: 'GET', url: `/api/v1/staff/impersonations/${query}`, headers });

  it('lists every link newest first with who, whom, when and from where, filtered by staff and customer, in pages', async () => {
    const otherStaff = await buildUser(server, { staff: true });
    const customer = await buildUser(server);
    const first = (await issue(customer.email)).json().token as string;
    await use(first, '198.51.100.7');
    await issue(customer.email, otherStaff.headers);
    await issue(customer.email);

    const all = await record(`?customer=${encodeURIComponent(customer.email.toUpperCase())}`);
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json();
    expect(body.count).toBe(3);
    expect(body.results.map((row: { staff: { email: string } }) => row.staff.email)).toEqual([
      staff.email,
      otherStaff.email,
      staff.email,
    ]);
    const used = body.results[2];
    expect(used).toMatchObject({
      staff: { id: staff.id, email: staff.email },
      customer: { id: customer.id, email: customer.email },
      used_from: '198.51.100.7',
      used_at: expect.any(String),
    });
    // Made by the database's clock, expiring by the server's: about 10 minutes apart.
    expect(Math.abs(Date.parse(used.expires_at) - Date.parse(used.issued_at) - 10 * MINUTE_MS)).toBeLessThan(MINUTE_MS);
    expect(body.results[0]).toMatchObject({ used_at: null, used_from: null });
    expect(JSON.stringify(body)).not.toContain(first);

    const byBoth = (
      await record(`?staff=${encodeURIComponent(otherStaff.email)}&customer=${encodeURIComponent(customer.email)}`)
    ).json();
    expect(byBoth.count).toBe(1);
    expect(byBoth.results[0].staff.id).toBe(otherStaff.id);

    const page = (await record(`?customer=${encodeURIComponent(customer.email)}&limit=2`)).json();
    expect(page.results).toHaveLength(2);
    expect(page.previous).toBeNull();
    const next = new URL(page.next);
    expect(next.pathname).toBe('/api/v1/staff/impersonations/');
    expect(Object.fromEntries(next.searchParams)).toEqual({ customer: customer.email, limit: '2', offset: '2' });
    const last = (await record(next.search)).json();
    expect(last).toMatchObject({ count: 3, next: null });
    expect(last.results.map((row: { id: number }) => row.id)).toEqual([used.id]);
    expect((await record(`?customer=${encodeURIComponent(customer.email)}&offset=10`)).json()).toMatchObject({
      count: 3,
      results: [],
    });
    expect((await record(`?customer=${encodeURIComponent(uniqueEmail('nobody'))}`)).json().count).toBe(0);
  });

  it('is refused to a user who is not staff, to an impersonation session and without a key', async () => {
    const someone = await buildUser(server);
    const refused = await record('', someone.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'FORBIDDEN',
      detail: 'Only staff users can read the impersonation record.',
    });
    const { token } = (await issue(someone.email)).json();
    const { key } = (await use(token)).json();
    expect((await record('', { authorization: `Token ${key}` })).statusCode).toBe(403);
    expect((await record('', {})).statusCode).toBe(401);
  });

  it('names the filter that is not an email, and a limit out of range', async () => {
    const bad = await record('?staff=not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().staff).toEqual(['Enter a valid email address.']);
    expect(Object.keys((await record('?limit=1000')).json())).toContain('limit');
  });
});
