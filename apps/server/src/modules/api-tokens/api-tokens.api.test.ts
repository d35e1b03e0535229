import { createHash } from 'node:crypto';
import { API_TOKEN_PATTERN } from '@paydar/contracts/api-tokens';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildUser, callAs, postJson } from '../../../test/factories';
import { linkIn } from '../../../test/fakes/smtp-inbox';
import { useTestServer } from '../../../test/use-test-server';
import { apiTokens } from '../../db/schema/index';
import { hashSecret } from '../accounts/secrets';
import { openSession } from '../accounts/session.service';
import { insertApiToken } from './api-tokens.repository';
import { API_TOKENS_PATH } from './api-tokens.routes';
import { callWithToken, createToken } from './api-tokens.test-support';

const server = useTestServer();

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const profileWith = async (token: string) =>
  (await callWithToken(server, token, 'GET', '/api/v1/users/profile')).statusCode;
const rowsOf = (userId: number) => server.context.db.select().from(apiTokens).where(eq(apiTokens.userId, userId));

describe('creating and listing API tokens', () => {
  it('shows the token once (pdr_ and 256 bits), lists it without the secret, and stores only its SHA-256', async () => {
    const user = await buildUser(server);
    const created = await callAs(server, user, 'POST', API_TOKENS_PATH, { name: '  deploy script ', scope: 'read' });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ name: 'deploy script', scope: 'read', last_used_at: null, expires_at: null });
    expect(body.token).toMatch(API_TOKEN_PATTERN);
    expect(Buffer.from(body.token.slice(4), 'base64url')).toHaveLength(32);
    const other = await createToken(server, user);
    expect(other.token).not.toBe(body.token);

    const list = await callAs(server, user, 'GET', API_TOKENS_PATH);
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(2);
    expect(list.json().results.map((token: { id: number }) => token.id)).toEqual([other.id, body.id]);
    expect(list.body).not.toContain(body.token);
    expect(list.json().results[1]).toEqual({
      id: body.id,
      name: 'deploy script',
      scope: 'read',
      created_at: body.created_at,
      last_used_at: null,
      expires_at: null,
    });

    const profile = await callWithToken(server, body.token, 'GET', '/api/v1/users/profile');
    expect(profile.json()).toMatchObject({ email: user.email, uid: '' });
    expect(profile.body).not.toContain(body.token);

    const [row] = (
      await server.context.db.execute(sql`SELECT row_to_json(t)::text AS json FROM api_tokens t WHERE id = ${body.id}`)
    ).rows as Array<{ json: string }>;
    expect(row?.json).not.toContain(body.token);
    expect(row?.json).not.toContain(body.token.slice(4));
    expect(row?.json).toContain(createHash('sha256').update(body.token).digest('hex'));
  });

  it('refuses a bad name, scope or expiry with 400 naming the field', async () => {
    const user = await buildUser(server);
    const refused = async (payload: object, field: string) => {
      const response = await callAs(server, user, 'POST', API_TOKENS_PATH, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()[field], JSON.stringify(payload)).toBeDefined();
    };
    await refused({ name: '   ', scope: 'read' }, 'name');
    await refused({ name: 'x'.repeat(101), scope: 'read' }, 'name');
    await refused({ name: 'a\u0000b', scope: 'read' }, 'name');
    await refused({ name: 'ok', scope: 'admin' }, 'scope');
    await refused({ name: 'ok' }, 'scope');
    await refused({ name: 'ok', scope: 'read', expires_at: 'tomorrow' }, 'expires_at');
    await refused(
      { name: 'ok', scope: 'read', expires_at: new Date(Date.now() - MINUTE_MS).toISOString() },
      'expires_at',
    );
    await refused(
      { name: 'ok', scope: 'read', expires_at: new Date(Date.now() + 400 * DAY_MS).toISOString() },
      'expires_at',
    );
    await refused({ name: 'ok', scope: 'read', expires_at: '9999-12-31T23:59:59Z' }, 'expires_at');
    await refused({ name: 'ok', scope: 'read', is_staff: true }, 'is_staff');
    expect(await rowsOf(user.id)).toEqual([]);
    const markup = await createToken(server, user, { name: '<img src=x onerror=alert(1)>' });
    expect((await rowsOf(user.id))[0]?.name).toBe('<img src=x onerror=alert(1)>');
    expect(markup.token).toMatch(API_TOKEN_PATTERN);
  });

  it('is refused to the demo account and to staff impersonating', async () => {
    const demo = (await server.app.inject({ method: 'GET', url: '/api/v1/users/login_as_demo' })).json().key;
    const asDemo = await postJson(
      server.app,
      API_TOKENS_PATH,
      { name: 'x', scope: 'read' },
      { authorization: `Token ${demo}` },
    );
    expect(asDemo.statusCode).toBe(403);
    expect(asDemo.json().code).toBe('DEMO_READ_ONLY');

    const staff = await buildUser(server, { staff: true });
    const customer = await buildUser(server);
    const impersonating = await openSession(server.context.db, customer.id, staff.id);
    const asStaff = await postJson(
      server.app,
      API_TOKENS_PATH,
      { name: 'x', scope: 'read' },
      { authorization: `Token ${impersonating}` },
    );
    expect(asStaff.statusCode).toBe(403);
    expect(asStaff.json().detail).toBe('Staff cannot create API tokens while impersonating.');
    expect(await rowsOf(customer.id)).toEqual([]);
  });

  it('keeps at most 50 per user, even when two creates race at 49', async () => {
    const user = await buildUser(server);
    for (let index = 0; index < 49; index += 1)
      await insertApiToken(server.context.db, {
        userId: user.id,
        name: `token ${index}`,
        scope: 'read',
        tokenHash: hashSecret(`seed-${user.id}-${index}`),
        expiresAt: null,
      });
    const raced = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        callAs(server, user, 'POST', API_TOKENS_PATH, { name: `racer ${index}`, scope: 'read' }),
      ),
    );
    expect(raced.map((response) => response.statusCode).sort()).toEqual([201, 400, 400, 400]);
    const refused = raced.find((response) => response.statusCode === 400);
    expect(refused?.json().name).toEqual(['You can keep at most 50 API tokens. Revoke one you no longer use first.']);
    expect(await rowsOf(user.id)).toHaveLength(50);

    const [oldest] = await rowsOf(user.id);
    expect((await callAs(server, user, 'DELETE', `${API_TOKENS_PATH}/${oldest?.id}`)).statusCode).toBe(200);
    expect((await callAs(server, user, 'POST', API_TOKENS_PATH, { name: 'again', scope: 'read' })).statusCode).toBe(
      201,
    );
  });

  it('does not count expired tokens against the 50: they stay listed until revoked, but hold no place', async () => {
    const user = await buildUser(server);
    const past = new Date(server.context.now().getTime() - 60_000);
    for (let index = 0; index < 50; index += 1)
      await insertApiToken(server.context.db, {
        userId: user.id,
        name: `expired ${index}`,
        scope: 'read',
        tokenHash: hashSecret(`expired-${user.id}-${index}`),
        expiresAt: index < 49 ? past : null,
      });
    expect((await callAs(server, user, 'POST', API_TOKENS_PATH, { name: 'fresh', scope: 'read' })).statusCode).toBe(
      201,
    );
    expect(await rowsOf(user.id)).toHaveLength(51);
  });
});

describe('revoking', () => {
  it('ends the token at once; another user’s token id is 404 and stays usable', async () => {
    const alice = await buildUser(server);
    const bob = await buildUser(server);
    const alices = await createToken(server, alice);
    const bobs = await createToken(server, bob);
    expect(await profileWith(alices.token)).toBe(200);

    const stranger = await callAs(server, bob, 'DELETE', `${API_TOKENS_PATH}/${alices.id}`);
    expect(stranger.statusCode).toBe(404);
    expect(await profileWith(alices.token)).toBe(200);
    expect((await callAs(server, bob, 'GET', API_TOKENS_PATH)).json().results.map((t: { id: number }) => t.id)).toEqual(
      [bobs.id],
    );

    expect((await callAs(server, alice, 'DELETE', `${API_TOKENS_PATH}/${alices.id}`)).statusCode).toBe(200);
    const after = await callWithToken(server, alices.token, 'GET', '/api/v1/users/profile');
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('NOT_AUTHENTICATED');
    expect((await callAs(server, alice, 'DELETE', `${API_TOKENS_PATH}/${alices.id}`)).statusCode).toBe(404);
    expect((await callAs(server, alice, 'DELETE', `${API_TOKENS_PATH}/99999999999`)).statusCode).toBe(400);
    expect(await profileWith(bobs.token)).toBe(200);
  });
});

describe('a token id in the path', () => {
  // Issue 37: `DELETE …/api_tokens/%201` revoked token 1 — " 1", "+1", "01" were read as 1.
  it.each(['%20ID', 'ID%20', '+ID', '0ID', 'ID.0', '%2BID'])(
    'refuses %s with 400 naming the id, and the token stays',
    async (spelling) => {
      const user = await buildUser(server);
      const token = await createToken(server, user);
      const response = await callAs(
        server,
        user,
        'DELETE',
        `${API_TOKENS_PATH}/${spelling.replace('ID', String(token.id))}`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        id: [expect.stringContaining('Expected an id')],
      });
      expect(await profileWith(token.token)).toBe(200);
    },
  );
});

describe('lifetime', () => {
  it('ends at its expiry', async () => {
    const user = await buildUser(server);
    const expiresAt = new Date(Date.now() + HOUR_MS).toISOString();
    const { token } = await createToken(server, user, { expires_at: expiresAt });
    server.clock.offsetMs = HOUR_MS - MINUTE_MS;
    expect(await profileWith(token)).toBe(200);
    server.clock.offsetMs = HOUR_MS + MINUTE_MS;
    expect(await profileWith(token)).toBe(401);
    const listed = (await callAs(server, user, 'GET', API_TOKENS_PATH)).json().results[0];
    expect(new Date(listed.expires_at).getTime()).toBe(new Date(expiresAt).getTime());
  });

  it('survives logout, sign out everywhere, a password change and a password reset', async () => {
    const user = await buildUser(server);
    const { token } = await createToken(server, user, { scope: 'read' });
    expect((await postJson(server.app, '/api/v1/users/logout', {}, user.headers)).statusCode).toBe(200);
    expect(await profileWith(token)).toBe(200);

    const second = (
      await postJson(server.app, '/api/v1/users/login', { email: user.email, password: user.password })
    ).json().key;
    const changed = await postJson(
      server.app,
      '/api/v1/users/change_password',
      { current_password: user.password, password: 'a brand new password' },
      { authorization: `Token ${second}` },
    );
    expect(changed.statusCode).toBe(200);
    expect(await profileWith(token)).toBe(200);

    expect(
      (await postJson(server.app, '/api/v1/users/logout_all', {}, { authorization: `Token ${second}` })).statusCode,
    ).toBe(200);
    expect(await profileWith(token)).toBe(200);

    await postJson(server.app, '/api/v1/users/send_forget_password_email', { email: user.email });
    const link = linkIn(await server.inbox.waitFor(user.email, /Reset your/), 'http://dashboard.test/reset_password?');
    const reset = await postJson(server.app, '/api/v1/users/reset_password', {
      email: user.email,
      token: link.searchParams.get('token'),
      password: 'third password here',
    });
    expect(reset.statusCode).toBe(200);
    expect(await profileWith(token)).toBe(200);
  });

  it('ends with the account', async () => {
    const user = await buildUser(server);
    const { token } = await createToken(server, user);
    expect(await profileWith(token)).toBe(200);
    await server.context.db.execute(sql`DELETE FROM users WHERE id = ${user.id}`);
    expect(await profileWith(token)).toBe(401);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('writes last use at most once a minute, not on every call', async () => {
    const user = await buildUser(server);
    const { id, token } = await createToken(server, user);
    const lastUsed = async () => (await rowsOf(user.id)).find((row) => row.id === id)?.lastUsedAt?.getTime();
    expect(await lastUsed()).toBeUndefined();
    await profileWith(token);
    const first = await lastUsed();
    expect(first).toBeGreaterThan(0);
    server.clock.offsetMs = 30_000;
    await profileWith(token);
    expect(await lastUsed()).toBe(first);
    server.clock.offsetMs = 2 * MINUTE_MS;
    await profileWith(token);
    expect(await lastUsed()).toBeGreaterThan(first ?? 0);
    const listed = (await callAs(server, user, 'GET', API_TOKENS_PATH)).json().results[0];
    expect(new Date(listed.last_used_at).getTime()).toBe(await lastUsed());
  });
});
