import { describe, expect, it } from 'vitest';
import { buildUser, postJson, uniqueEmail } from '../../../test/factories';
import { linkIn } from '../../../test/fakes/smtp-inbox';
import { useTestServer } from '../../../test/use-test-server';
import { VERIFICATION_LINK_TEXTS } from './email-verification.service';

const HOUR_MS = 60 * 60 * 1000;

const server = useTestServer();

/** Registers a user and returns the verification link's body ({email, token}). */
async function registeredLink(name: string) {
  const email = uniqueEmail(name);
  expect((await postJson(server.app, '/api/v1/users/register', { email, password: 'correct horse' })).statusCode).toBe(
    200,
  );
  const link = linkIn(await server.inbox.waitFor(email, /Verify your email/), 'http://dashboard.test/verify_email?');
  return { email, token: link.searchParams.get('token') ?? '' };
}

const verify = (body: { email: string; token: string }) => postJson(server.app, '/api/v1/users/verify_email', body);

describe('a verification link that no longer works says why', () => {
  it('used: LINK_USED with its text, and no second session', async () => {
    const body = await registeredLink('used-link');
    expect((await verify(body)).statusCode).toBe(200);
    const again = await verify(body);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'LINK_USED', detail: VERIFICATION_LINK_TEXTS.used });
  });

  it('expired (after 48 hours): LINK_EXPIRED with its text; a new link sent then works', async () => {
    const body = await registeredLink('expired-link');
    server.clock.offsetMs = 48 * HOUR_MS + 1000;
    const late = await verify(body);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ code: 'LINK_EXPIRED', detail: VERIFICATION_LINK_TEXTS.expired });

    const before = server.inbox.countTo(body.email, /Verify your email/);
    const resend = await postJson(server.app, '/api/v1/users/send_verification_token', { email: body.email });
    expect(resend.statusCode).toBe(200);
    await expect.poll(() => server.inbox.countTo(body.email, /Verify your email/)).toBe(before + 1);
    const mails = server.inbox.messages.filter((mail) => mail.to.includes(body.email));
    const newest = mails.at(-1);
    if (!newest) throw new Error('no new verification mail');
    const fresh = linkIn(newest, 'http://dashboard.test/verify_email?').searchParams.get('token') ?? '';
    expect(fresh).not.toBe(body.token);
    expect((await verify({ email: body.email, token: fresh })).statusCode).toBe(200);
  });

  it('a used link that has also expired is told as used', async () => {
    const body = await registeredLink('used-expired');
    expect((await verify(body)).statusCode).toBe(200);
    server.clock.offsetMs = 72 * HOUR_MS;
    expect((await verify(body)).json().code).toBe('LINK_USED');
  });

  it('stays INVALID_TOKEN for a token never issued, and for a real token given with another address', async () => {
    const body = await registeredLink('other-address');
    const other = await buildUser(server);
    for (const attempt of [
      { email: body.email, token: 'never-issued-token' },
      { email: other.email, token: body.token },
    ]) {
      const response = await verify(attempt);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('INVALID_TOKEN');
    }
    // The real link still works for its own address afterwards.
    expect((await verify(body)).statusCode).toBe(200);
  });
});
