import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, postJson, uniqueEmail } from '../../../test/factories';
import { linkIn } from '../../../test/fakes/smtp-inbox';
import { useTestServer } from '../../../test/use-test-server';

const HOUR_MS = 60 * 60 * 1000;
const CONFIRM_LINK = 'http://dashboard.test/confirm_email?';

const server = useTestServer();

const profileOf = (user: BuiltUser) =>
  server.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers: user.headers });
const changeEmail = (user: BuiltUser, payload: object) =>
  server.app.inject({ method: 'PUT', url: '/api/v1/users/profile', headers: user.headers, payload });
const confirm = (user: BuiltUser, token: string | null) =>
  postJson(server.app, '/api/v1/users/confirm_email', { token }, user.headers);
const loginStatus = async (email: string, password: string) =>
  (await postJson(server.app, '/api/v1/users/login', { email, password })).statusCode;

/** Asks for the change and returns the confirmation link's token from the mail to the new address. */
async function requestChange(user: BuiltUser, email: string): Promise<string> {
  const response = await changeEmail(user, { id: user.id, email, current_password: user.password });
  expect(response.statusCode).toBe(200);
  const mail = await server.inbox.waitFor(email, /Confirm your new email/);
  return linkIn(mail, CONFIRM_LINK).searchParams.get('token') ?? '';
}

describe('changing the email', () => {
  it('needs the current password, naming the field when it is missing or wrong, and changes nothing', async () => {
    const user = await buildUser(server);
    const email = uniqueEmail('new');
    const missing = await changeEmail(user, { id: user.id, email });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().current_password).toEqual(['Enter your current password to change the email.']);
    const wrong = await changeEmail(user, { id: user.id, email, current_password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().current_password).toEqual(['The password is not correct.']);
    expect((await profileOf(user)).json()).toMatchObject({ email: user.email, pending_email: null });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(server.inbox.countTo(email, /./)).toBe(0);
  });

  it('keeps the old email until the link mailed to the new address is opened, and tells the old address', async () => {
    const user = await buildUser(server);
    const email = uniqueEmail('new');
    const response = await changeEmail(user, { id: user.id, email, current_password: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: user.email, is_verified: true, pending_email: email });

    const notice = await server.inbox.waitFor(user.email, /email is changing/);
    expect(notice.text).toContain(email);
    expect(notice.text).toContain(server.config.SUPPORT_EMAIL);
    expect(notice.text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    const token = linkIn(await server.inbox.waitFor(email, /Confirm your new email/), CONFIRM_LINK).searchParams.get(
      'token',
    );
    // Until then the old email is the login.
    expect(await loginStatus(user.email, user.password)).toBe(200);
    expect(await loginStatus(email, user.password)).toBe(400);

    const confirmed = await confirm(user, token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, email });
    expect((await profileOf(user)).json()).toMatchObject({ email, is_verified: true, pending_email: null });
    expect(await loginStatus(email, user.password)).toBe(200);
    expect(await loginStatus(user.email, user.password)).toBe(400);

    const again = await confirm(user, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_TOKEN');
  });

  it('refuses an email another account has, when asked and when confirmed', async () => {
    const user = await buildUser(server);
    const other = await buildUser(server);
    const taken = await changeEmail(user, { id: user.id, email: other.email, current_password: user.password });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ code: 'EMAIL_TAKEN', email: ['A user with this email already exists.'] });

    const email = uniqueEmail('contested');
    const token = await requestChange(user, email);
    const registered = await postJson(server.app, '/api/v1/users/register', { email, password: 'a password!' });
    expect(registered.statusCode).toBe(200);
    const late = await confirm(user, token);
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('EMAIL_TAKEN');
    expect((await profileOf(user)).json().email).toBe(user.email);
  });

  it('refuses the email when a sign-up takes it while the confirmation is being written', async () => {
    const user = await buildUser(server);
    const email = uniqueEmail('raced');
    const token = await requestChange(user, email);
    // A sign-up's insert, not yet committed: the confirmation's check cannot see it, its update waits on it.
    const signUp = new pg.Client({ connectionString: server.config.DATABASE_URL });
    await signUp.connect();
    try {
      await signUp.query('BEGIN');
      await signUp.query("INSERT INTO users (email, password_hash) VALUES ($1, 'x')", [email]);
      const confirming = confirm(user, token);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await signUp.query('COMMIT');
      const late = await confirming;
      expect(late.statusCode).toBe(400);
      expect(late.json().code).toBe('EMAIL_TAKEN');
    } finally {
      await signUp.end();
    }
    expect((await profileOf(user)).json().email).toBe(user.email);
  });

  it("refuses another user's token, and a token without a session", async () => {
    const alice = await buildUser(server);
    const bob = await buildUser(server);
    const email = uniqueEmail('alice-new');
    const token = await requestChange(alice, email);
    const stolen = await confirm(bob, token);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe('INVALID_TOKEN');
    expect((await profileOf(bob)).json().email).toBe(bob.email);
    const anonymous = await postJson(server.app, '/api/v1/users/confirm_email', { token });
    expect(anonymous.statusCode).toBe(401);
    // Alice's own use still works.
    expect((await confirm(alice, token)).statusCode).toBe(200);
  });

  it('lets the link expire after 24 hours, and a newer request replace an older one', async () => {
    const user = await buildUser(server);
    const first = await requestChange(user, uniqueEmail('first'));
    server.clock.offsetMs = 24 * HOUR_MS + 60_000;
    expect((await confirm(user, first)).json().code).toBe('INVALID_TOKEN');
    expect((await profileOf(user)).json().pending_email).toBeNull();
    server.clock.offsetMs = 0;

    const older = await requestChange(user, uniqueEmail('older'));
    const newest = uniqueEmail('newest');
    const newer = await requestChange(user, newest);
    expect((await profileOf(user)).json().pending_email).toBe(newest);
    expect((await confirm(user, older)).json().code).toBe('INVALID_TOKEN');
    expect((await confirm(user, newer)).json()).toEqual({ success: true, email: newest });
  });

  it('saves alert channels with the unchanged email without asking for the password', async () => {
    const user = await buildUser(server);
    const response = await changeEmail(user, {
      id: user.id,
      email: user.email,
      alert_channels: { emails: [{ value: 'ops@example.test' }], phones: [], telegram_usernames: [], webhooks: [] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().alert_channels.emails).toEqual([{ value: 'ops@example.test', is_verified: false }]);
  });
});

describe('in an impersonation session (issue 37)', () => {
  /** The customer as staff see them: a session opened with an impersonation link. */
  async function impersonating(target: BuiltUser): Promise<BuiltUser> {
    const staff = await buildUser(server, { staff: true });
    const issued = await postJson(
      server.app,
      '/api/v1/staff/impersonation_tokens',
      { email: target.email },
      staff.headers,
    );
    const used = await postJson(server.app, '/api/v1/users/impersonate', { token: issued.json().token });
    expect(used.statusCode).toBe(200);
    const key: string = used.json().key;
    return { ...target, key, headers: { authorization: `Token ${key}` } };
  }

  it('refuses an email change as the password change is, and starts nothing', async () => {
    const user = await buildUser(server);
    const asStaff = await impersonating(user);
    const email = uniqueEmail('staff-chosen');
    const refused = await changeEmail(asStaff, { id: user.id, email, current_password: user.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'FORBIDDEN',
      detail: 'Staff cannot change the login email while impersonating.',
    });
    const password = await postJson(
      server.app,
      '/api/v1/users/change_password',
      { current_password: user.password, password: 'another long password' },
      asStaff.headers,
    );
    expect(password.statusCode).toBe(403);
    expect(password.json()).toEqual({
      code: 'FORBIDDEN',
      detail: 'Staff cannot change a password while impersonating.',
    });
    expect((await profileOf(user)).json()).toMatchObject({ email: user.email, pending_email: null });
    // The rest of the profile stays staff's to help with, the unchanged email included.
    const zone = await changeEmail(asStaff, { id: user.id, email: user.email, time_zone: 'Europe/Berlin' });
    expect(zone.statusCode).toBe(200);
    expect(zone.json().time_zone).toBe('Europe/Berlin');
  });

  it("refuses to confirm the customer's own pending change, which the customer still can", async () => {
    const user = await buildUser(server);
    const email = uniqueEmail('customer-chosen');
    const token = await requestChange(user, email);
    const asStaff = await impersonating(user);
    const refused = await confirm(asStaff, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'FORBIDDEN',
      detail: 'Staff cannot confirm a login email change while impersonating.',
    });
    expect((await profileOf(user)).json()).toMatchObject({ email: user.email, pending_email: email });
    expect(await loginStatus(user.email, user.password)).toBe(200);
    expect((await confirm(user, token)).json()).toEqual({ success: true, email });
  });
});
