import { describe, expect, it } from 'vitest';
import { buildUser, postJson, uniqueEmail } from '../../../test/factories';
import { linkIn } from '../../../test/fakes/smtp-inbox';
import { useTestServer } from '../../../test/use-test-server';
import { LOGIN_FAILED_TEXT } from './login.service';

const server = useTestServer();

const profileOf = (key: string) =>
  server.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers: { authorization: `Token ${key}` } });

describe('register', () => {
  it('creates an unverified user on Free, logs them in and mails a verification link that verifies once', async () => {
    const email = uniqueEmail('signup');
    const registered = await postJson(server.app, '/api/v1/users/register', {
      email: email.toUpperCase(),
      password: 'correct horse',
    });
    expect(registered.statusCode).toBe(200);
    const { key } = registered.json();
    expect(key.length).toBeGreaterThanOrEqual(43);

    const profile = (await profileOf(key)).json();
    expect(profile).toMatchObject({ email, is_verified: false, charged_budget: 0, uid: key });

    const subscriptions = await server.app.inject({
      method: 'GET',
      url: '/api/v1/users/subscriptions',
      headers: { authorization: `Token ${key}` },
    });
    expect(subscriptions.json().results).toHaveLength(1);
    expect(subscriptions.json().results[0]).toMatchObject({
      is_active: true,
      subscription_plan: { name: 'Free', level: 0 },
    });

    const mail = await server.inbox.waitFor(email, /Verify your email/);
    const link = linkIn(mail, 'http://dashboard.test/verify_email?');
    const body = { email: link.searchParams.get('email'), token: link.searchParams.get('token') };
    expect(profile.alert_channels.emails).toEqual([]);
    const verified = await postJson(server.app, '/api/v1/users/verify_email', body);
    expect(verified.statusCode).toBe(200);
    const after = (await profileOf(verified.json().result)).json();
    expect(after.is_verified).toBe(true);
    // Alerts go to the login address now (new monitors' default): the Alert Center lists it, verified.
    expect(after.alert_channels.emails).toEqual([{ value: email, is_verified: true }]);

    const again = await postJson(server.app, '/api/v1/users/verify_email', body);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('LINK_USED');
  });

  it('refuses a taken email, naming the field, and leaves no second user', async () => {
    const existing = await buildUser(server);
    const response = await postJson(server.app, '/api/v1/users/register', {
      email: existing.email,
      password: 'another password',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'EMAIL_TAKEN', email: ['A user with this email already exists.'] });
  });

  it('lets exactly one of two simultaneous sign-ups with the same email win', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all(
      [1, 2, 3].map(() => postJson(server.app, '/api/v1/users/register', { email, password: 'password one' })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('asks for at least 8 characters of password', async () => {
    const response = await postJson(server.app, '/api/v1/users/register', { email: uniqueEmail(), password: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json().password).toEqual(['Your password must be at least 8 characters']);
  });
});

describe('login and logout', () => {
  it('logs in with the right password, case-insensitively on the email', async () => {
    const user = await buildUser(server);
    const response = await postJson(server.app, '/api/v1/users/login', {
      email: user.email.toUpperCase(),
      password: user.password,
    });
    expect(response.statusCode).toBe(200);
    expect((await profileOf(response.json().key)).json().id).toBe(user.id);
  });

  it("answers the spec's text for a wrong password and for an unknown email alike", async () => {
    const user = await buildUser(server);
    const wrong = await postJson(server.app, '/api/v1/users/login', {
      email: user.email,
      password: 'not the password',
    });
    const unknown = await postJson(server.app, '/api/v1/users/login', { email: uniqueEmail(), password: 'whatever1' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(LOGIN_FAILED_TEXT);
    }
  });

  it('stops a key working after logout, and only that key', async () => {
    const user = await buildUser(server);
    const second = (
      await postJson(server.app, '/api/v1/users/login', { email: user.email, password: user.password })
    ).json().key;
    const out = await postJson(server.app, '/api/v1/users/logout', {}, user.headers);
    expect(out.statusCode).toBe(200);
    expect((await profileOf(user.key)).statusCode).toBe(401);
    expect((await profileOf(second)).statusCode).toBe(200);
  });

  it('refuses calls without a key, with a malformed header, or with an unknown key', async () => {
    for (const authorization of [undefined, 'Bearer abc', 'Token', 'Token not-a-real-key']) {
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/v1/users/profile',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('NOT_AUTHENTICATED');
    }
  });
});

describe('demo account', () => {
  it('logs in as the seeded, verified demo user whose profile cannot be changed', async () => {
    const demo = await server.app.inject({ method: 'GET', url: '/api/v1/users/login_as_demo' });
    expect(demo.statusCode).toBe(200);
    const key = demo.json().key;
    const profile = (await profileOf(key)).json();
    expect(profile).toMatchObject({ email: server.config.DEMO_EMAIL, is_verified: true, is_demo: true });
    const change = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/users/profile',
      headers: { authorization: `Token ${key}` },
      payload: { email: uniqueEmail() },
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().detail).toBe('The demo account cannot be changed. Sign up to make your own.');
    expect((await profileOf(key)).json().email).toBe(server.config.DEMO_EMAIL);
  });

  it('sends no reset mail for the demo account', async () => {
    await postJson(server.app, '/api/v1/users/send_forget_password_email', { email: server.config.DEMO_EMAIL });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(server.inbox.countTo(server.config.DEMO_EMAIL, /Reset/)).toBe(0);
  });
});

describe('profile', () => {
  it("returns only the caller's own profile: another user's key sees its own user", async () => {
    const alice = await buildUser(server);
    const bob = await buildUser(server);
    expect((await profileOf(alice.key)).json().email).toBe(alice.email);
    expect((await profileOf(bob.key)).json().email).toBe(bob.email);
  });

  it("refuses to change another user's profile by id", async () => {
    const alice = await buildUser(server);
    const bob = await buildUser(server);
    const response = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/users/profile',
      headers: bob.headers,
      payload: { id: alice.id, email: uniqueEmail() },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().id).toEqual(['This is not your profile.']);
    expect((await profileOf(alice.key)).json().email).toBe(alice.email);
  });

  it('keeps alert channels unverified whatever the client claims', async () => {
    const user = await buildUser(server);
    const response = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/users/profile',
      headers: user.headers,
      payload: {
        alert_channels: {
          emails: [{ value: 'ops@example.test', is_verified: true }],
          phones: [],
          telegram_usernames: [],
          webhooks: [],
        },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().alert_channels.emails).toEqual([{ value: 'ops@example.test', is_verified: false }]);
  });
});

describe('password reset', () => {
  it('mails a single-use link that sets the password, signs out old sessions and signs in', async () => {
    const user = await buildUser(server);
    const sent = await postJson(server.app, '/api/v1/users/send_forget_password_email', { email: user.email });
    expect(sent.statusCode).toBe(200);
    const link = linkIn(await server.inbox.waitFor(user.email, /Reset your/), 'http://dashboard.test/reset_password?');
    const body = { email: user.email, token: link.searchParams.get('token'), password: 'brand new password' };

    const short = await postJson(server.app, '/api/v1/users/reset_password', { ...body, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().password).toEqual(['Your password must be at least 8 characters']);

    const reset = await postJson(server.app, '/api/v1/users/reset_password', body);
    expect(reset.statusCode).toBe(200);
    const profile = await profileOf(reset.json().key);
    expect(profile.statusCode).toBe(200);
    // The link proved the login address, and the profile had no verified email: alerts go to it, listed.
    expect(profile.json().alert_channels.emails).toEqual([{ value: user.email.toLowerCase(), is_verified: true }]);
    expect((await profileOf(user.key)).statusCode).toBe(401);

    const login = await postJson(server.app, '/api/v1/users/login', {
      email: user.email,
      password: 'brand new password',
    });
    expect(login.statusCode).toBe(200);
    const reuse = await postJson(server.app, '/api/v1/users/reset_password', { ...body, password: 'third password!' });
    expect(reuse.statusCode).toBe(400);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const response = await postJson(server.app, '/api/v1/users/send_forget_password_email', { email });
    expect(response.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(server.inbox.countTo(email, /./)).toBe(0);
  });

  it('refuses an expired link', async () => {
    const user = await buildUser(server);
    await postJson(server.app, '/api/v1/users/send_forget_password_email', { email: user.email });
    const link = linkIn(await server.inbox.waitFor(user.email, /Reset your/), 'http://dashboard.test/reset_password?');
    server.clock.offsetMs = 61 * 60 * 1000;
    try {
      const response = await postJson(server.app, '/api/v1/users/reset_password', {
        email: user.email,
        token: link.searchParams.get('token'),
        password: 'late new password',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('INVALID_TOKEN');
    } finally {
      server.clock.offsetMs = 0;
    }
  });

  it("refuses another user's token", async () => {
    const alice = await buildUser(server);
    const bob = await buildUser(server);
    await postJson(server.app, '/api/v1/users/send_forget_password_email', { email: alice.email });
    const link = linkIn(await server.inbox.waitFor(alice.email, /Reset your/), 'http://dashboard.test/reset_password?');
    const response = await postJson(server.app, '/api/v1/users/reset_password', {
      email: bob.email,
      token: link.searchParams.get('token'),
      password: 'stolen password',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('verification resend', () => {
  it('mails a new link to an unverified user, and none to a verified one', async () => {
    const unverified = await buildUser(server, { verified: false });
    const verified = await buildUser(server);
    for (const user of [unverified, verified]) {
      const response = await postJson(server.app, '/api/v1/users/send_verification_token', { email: user.email });
      expect(response.statusCode).toBe(200);
      expect(response.json().detail).toBe('Verification email has been sent.');
    }
    await server.inbox.waitFor(unverified.email, /Verify your email/);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(server.inbox.countTo(verified.email, /Verify/)).toBe(0);
  });
});

describe('plans', () => {
  it('lists Free, Silver, Gold and Enterprise with their levels and specifications', async () => {
    const user = await buildUser(server);
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/v2/users/subscription_plans',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    const plans = response.json().results;
    expect(plans.map((plan: { name: string; level: number }) => [plan.name, plan.level])).toEqual([
      ['Free', 0],
      ['Silver', 1],
      ['Gold', 3],
      ['Enterprise', 10],
    ]);
    expect(plans[0].specifications).toMatchObject({
      MAXIMUM_MONITOR_COUNT: 5,
      METRIC_HISTORY_DAYS: 7,
      MONITOR_GROUP: false,
    });
    expect(plans[0].description.quantity.Notification).toBeGreaterThan(0);
  });

  it('refuses plans and subscriptions without a key', async () => {
    for (const url of ['/api/v2/users/subscription_plans', '/api/v1/users/subscriptions']) {
      expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe("one user's data is not another's", () => {
  it("lists only the caller's own subscriptions", async () => {
    const alice = await buildUser(server);
    const bob = await buildUser(server);
    const list = async (headers: { authorization: string }) =>
      (await server.app.inject({ method: 'GET', url: '/api/v1/users/subscriptions', headers }))
        .json()
        .results.map((subscription: { id: number }) => subscription.id);
    const aliceIds = await list(alice.headers);
    const bobIds = await list(bob.headers);
    expect(aliceIds).toHaveLength(1);
    expect(bobIds).toHaveLength(1);
    expect(aliceIds).not.toEqual(bobIds);
  });

  it("logging out with one user's key leaves another user's session working", async () => {
    const alice = await buildUser(server);
    const bob = await buildUser(server);
    await postJson(server.app, '/api/v1/users/logout', {}, bob.headers);
    expect((await profileOf(alice.key)).statusCode).toBe(200);
  });
});
