import { describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, postJson } from '../../../test/factories';
import { useTestServer } from '../../../test/use-test-server';

const server = useTestServer();

const statusOf = async (key: string) =>
  (await server.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers: { authorization: `Token ${key}` } }))
    .statusCode;
const changePassword = (user: BuiltUser, payload: object, headers = user.headers) =>
  postJson(server.app, '/api/v1/users/change_password', payload, headers);
const login = async (email: string, password: string) =>
  postJson(server.app, '/api/v1/users/login', { email, password });

describe('changing the password (POST /api/v1/users/change_password)', () => {
  it('needs the current password and a new one of 8 characters, naming the field', async () => {
    const user = await buildUser(server);
    const wrong = await changePassword(user, { current_password: 'not mine!', password: 'a new password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().current_password).toEqual(['The password is not correct.']);
    const short = await changePassword(user, { current_password: user.password, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().password).toEqual(['Your password must be at least 8 characters']);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('sets the password, keeps this session, ends every other one and tells the owner by mail', async () => {
    const user = await buildUser(server);
    const other = (await login(user.email, user.password)).json().key;
    const bystander = await buildUser(server);
    const response = await changePassword(user, { current_password: user.password, password: 'a brand new password' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await statusOf(user.key)).toBe(200);
    expect(await statusOf(other)).toBe(401);
    expect(await statusOf(bystander.key)).toBe(200);
    expect((await login(user.email, 'a brand new password')).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(400);
    const notice = await server.inbox.waitFor(user.email, /password was changed/);
    expect(notice.text).toContain(server.config.SUPPORT_EMAIL);
  });

  it('stops guessing the current password with a stolen session after 10 failures', async () => {
    const user = await buildUser(server);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1)
      statuses.push(
        (await changePassword(user, { current_password: `guess ${attempt}`, password: 'new password!' })).statusCode,
      );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });

  it('is refused to the demo account and without a key', async () => {
    const demo = (await server.app.inject({ method: 'GET', url: '/api/v1/users/login_as_demo' })).json().key;
    const response = await postJson(
      server.app,
      '/api/v1/users/change_password',
      { current_password: server.config.DEMO_PASSWORD, password: 'taken over!' },
      { authorization: `Token ${demo}` },
    );
    expect(response.statusCode).toBe(403);
    expect(
      (await postJson(server.app, '/api/v1/users/change_password', { current_password: 'x', password: 'yyyyyyyy' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('resetting the password', () => {
  it('ends every session, the new key being the only one', async () => {
    const user = await buildUser(server);
    const other = (await login(user.email, user.password)).json().key;
    await postJson(server.app, '/api/v1/users/send_forget_password_email', { email: user.email });
    const mail = await server.inbox.waitFor(user.email, /Reset your/);
    const token = /token=([^&\s]+)/.exec(mail.text)?.[1];
    const reset = await postJson(server.app, '/api/v1/users/reset_password', {
      email: user.email,
      token,
      password: 'reset password!',
    });
    expect(reset.statusCode).toBe(200);
    expect(await statusOf(user.key)).toBe(401);
    expect(await statusOf(other)).toBe(401);
    expect(await statusOf(reset.json().key)).toBe(200);
  });
});
