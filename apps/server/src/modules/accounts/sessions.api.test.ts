import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildUser, postJson } from '../../../test/factories';
import { useTestServer } from '../../../test/use-test-server';
import { sessions } from '../../db/schema/index';
import { openSession } from './session.service';
import { cleanUpSessions } from './session-cleanup';
import { findUserByEmail } from './users.repository';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const server = useTestServer();

const profileOf = (key: string) =>
  server.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers: { authorization: `Token ${key}` } });
const statusAt = async (offsetMs: number, key: string) => {
  server.clock.offsetMs = offsetMs;
  return (await profileOf(key)).statusCode;
};
const sessionRows = (userId: number) => server.context.db.select().from(sessions).where(eq(sessions.userId, userId));

describe('session expiry', () => {
  it('ends a session left unused for 30 days (SESSION_IDLE_DAYS), answering 401 like an unknown key', async () => {
    const user = await buildUser(server);
    expect(await statusAt(30 * DAY_MS - HOUR_MS, user.key)).toBe(200);
    const idle = await buildUser(server);
    expect(await statusAt(30 * DAY_MS + HOUR_MS, idle.key)).toBe(401);
    expect((await profileOf(idle.key)).json().code).toBe('NOT_AUTHENTICATED');
  });

  it('keeps a session in use alive, but not past 90 days from sign-in (SESSION_MAX_AGE_DAYS)', async () => {
    const user = await buildUser(server);
    for (const day of [20, 45, 70, 89]) expect(await statusAt(day * DAY_MS, user.key), `day ${day}`).toBe(200);
    expect(await statusAt(90 * DAY_MS + HOUR_MS, user.key)).toBe(401);
  });

  it('writes last_used_at at most once a minute, not on every request', async () => {
    const user = await buildUser(server);
    await statusAt(2 * MINUTE_MS, user.key);
    const [first] = await sessionRows(user.id);
    await statusAt(2 * MINUTE_MS + 30_000, user.key);
    const [second] = await sessionRows(user.id);
    expect(second?.lastUsedAt).toEqual(first?.lastUsedAt);
    await statusAt(4 * MINUTE_MS, user.key);
    const [third] = await sessionRows(user.id);
    expect(third?.lastUsedAt.getTime()).toBeGreaterThan(first?.lastUsedAt.getTime() ?? 0);
  });

  it('gives an impersonation session at most 8 hours, and an hour idle', async () => {
    const staff = await buildUser(server, { staff: true });
    const target = await buildUser(server);
    const key = await openSession(server.context.db, target.id, staff.id);
    for (const hour of [0.9, 1.8, 2.7, 3.6, 4.5, 5.4, 6.3, 7.2, 7.9])
      expect(await statusAt(hour * HOUR_MS, key), `hour ${hour}`).toBe(200);
    expect(await statusAt(8 * HOUR_MS + MINUTE_MS, key)).toBe(401);
    const idle = await openSession(server.context.db, target.id, staff.id);
    expect(await statusAt(HOUR_MS + MINUTE_MS, idle)).toBe(401);
    // The target's own session is not affected.
    expect(await statusAt(8 * HOUR_MS + MINUTE_MS, target.key)).toBe(200);
  });

  it('deletes ended sessions in the periodic clean-up and keeps live ones', async () => {
    const kept = await buildUser(server);
    const idle = await buildUser(server);
    const loggedOut = await buildUser(server);
    await postJson(server.app, '/api/v1/users/logout', {}, loggedOut.headers);
    server.clock.offsetMs = 29 * DAY_MS;
    await profileOf(kept.key);
    server.clock.offsetMs = 31 * DAY_MS;
    await cleanUpSessions(server.context);
    expect(await sessionRows(kept.id)).toHaveLength(1);
    expect(await sessionRows(idle.id)).toHaveLength(0);
    expect(await sessionRows(loggedOut.id)).toHaveLength(0);
  });
});

describe('sign out everywhere (POST /api/v1/users/logout_all)', () => {
  it("ends every session of the caller, this one included, and no one else's", async () => {
    const user = await buildUser(server);
    const other = await buildUser(server);
    const keys = [user.key];
    for (let index = 0; index < 2; index += 1) {
      const login = await postJson(server.app, '/api/v1/users/login', { email: user.email, password: user.password });
      keys.push(login.json().key);
    }
    const response = await postJson(server.app, '/api/v1/users/logout_all', {}, user.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    for (const key of keys) expect((await profileOf(key)).statusCode).toBe(401);
    expect((await profileOf(other.key)).statusCode).toBe(200);
  });

  it('is refused without a key, to the shared demo account and while impersonating', async () => {
    expect((await postJson(server.app, '/api/v1/users/logout_all', {})).statusCode).toBe(401);
    const demo = (await server.app.inject({ method: 'GET', url: '/api/v1/users/login_as_demo' })).json().key;
    const fromDemo = await postJson(server.app, '/api/v1/users/logout_all', {}, { authorization: `Token ${demo}` });
    expect(fromDemo.statusCode).toBe(403);
    expect((await profileOf(demo)).statusCode).toBe(200);

    const staff = await buildUser(server, { staff: true });
    const target = await buildUser(server);
    const impersonating = await openSession(server.context.db, target.id, staff.id);
    const asStaff = await postJson(
      server.app,
      '/api/v1/users/logout_all',
      {},
      { authorization: `Token ${impersonating}` },
    );
    expect(asStaff.statusCode).toBe(403);
    expect((await profileOf(target.key)).statusCode).toBe(200);
  });
});

describe('demo login', () => {
  const demoLogin = (remoteAddress: string) =>
    server.app.inject({ method: 'GET', url: '/api/v1/users/login_as_demo', remoteAddress });

  it('is limited per address: 500 calls do not make 500 sessions, and the refused ones answer 429', async () => {
    const demo = await findUserByEmail(server.context.db, server.config.DEMO_EMAIL);
    const before = (await sessionRows(demo?.id ?? 0)).length;
    const statuses: number[] = [];
    for (let call = 0; call < 500; call += 1) statuses.push((await demoLogin('198.51.100.77')).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(new Set(statuses.slice(20))).toEqual(new Set([429]));
    expect((await sessionRows(demo?.id ?? 0)).length - before).toBe(20);
    // Another visitor still gets in.
    expect((await demoLogin('198.51.100.78')).statusCode).toBe(200);
  });

  it('gives demo sessions a day at most, so the clean-up removes them', async () => {
    const key = (await demoLogin('198.51.100.79')).json().key;
    for (const hour of [1, 2.5, 4, 5.5, 7, 8.5, 10, 11.5, 13, 14.5, 16, 17.5, 19, 20.5, 22, 23.5])
      expect(await statusAt(hour * HOUR_MS, key), `hour ${hour}`).toBe(200);
    expect(await statusAt(DAY_MS + MINUTE_MS, key)).toBe(401);
    const demo = await findUserByEmail(server.context.db, server.config.DEMO_EMAIL);
    await cleanUpSessions(server.context);
    expect(await sessionRows(demo?.id ?? 0)).toHaveLength(0);
  });
});
