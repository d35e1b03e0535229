import { describe, expect, it, vi } from 'vitest';
import { buildUser, postJson, uniqueEmail } from '../../../test/factories';
import { useTestServer } from '../../../test/use-test-server';
import { SEND_MAIL_QUEUE } from '../mail/mail.jobs';

/**
 * Forgot password and verification resend answer alike for known and unknown emails, in what they
 * say and in what they do: the request only enqueues a job, which looks the email up later. Before,
 * a known email took a lookup, a token insert and a mail job (~12 ms) and an unknown one a lookup
 * (~5 ms), which told an observer which emails have accounts.
 */
const server = useTestServer();

const QUEUE_NAMES_EXCLUDING_MAIL = (calls: unknown[][]) =>
  calls.map(([queue, data]) => ({ queue, data })).filter((call) => call.queue !== SEND_MAIL_QUEUE);

describe.each([
  ['/api/v1/users/send_forget_password_email', /Reset your/, { verified: true }],
  ['/api/v1/users/send_verification_token', /Verify your email/, { verified: false }],
])('%s', (url, subject, userOptions) => {
  it('does the same work for a known and an unknown email: one job each, and no mail job in the request', async () => {
    const user = await buildUser(server, userOptions);
    const unknown = uniqueEmail('nobody');
    const send = vi.spyOn(server.context.jobs, 'send');
    try {
      // The unknown email first: jobs start at once (NOTIFY), and the known one's job, which does
      // enqueue a mail, must not run while another request is being watched. The calls are read
      // as soon as the last answer is in, before that job's lookups and insert can have happened.
      for (const email of [unknown, user.email])
        expect((await postJson(server.app, url, { email })).statusCode).toBe(200);
      const calls = [...send.mock.calls];
      const [stranger, known] = QUEUE_NAMES_EXCLUDING_MAIL(calls);
      expect(calls.map(([queue]) => queue)).not.toContain(SEND_MAIL_QUEUE);
      expect(known?.queue).toBeDefined();
      expect(stranger?.queue).toBe(known?.queue);
      expect(known?.data).toMatchObject({ email: user.email });
      expect(stranger?.data).toMatchObject({ email: unknown });
    } finally {
      send.mockRestore();
    }
    // The job mails the known one only.
    await server.inbox.waitFor(user.email, subject);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(server.inbox.countTo(unknown, /./)).toBe(0);
  });
});
