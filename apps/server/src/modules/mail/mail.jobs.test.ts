import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/factories';
import { useTestServer } from '../../../test/use-test-server';
import { SEND_MAIL_QUEUE } from './mail.jobs';

const server = useTestServer();

describe('the mail job', () => {
  it('retries when the SMTP server refuses, and delivers exactly once', async () => {
    const to = uniqueEmail('retry');
    server.inbox.refuseNext = 2;
    await server.context.jobs.send(
      SEND_MAIL_QUEUE,
      { to, subject: 'Retry me', text: 'hello' },
      { retryDelaySeconds: 1 },
    );
    const mail = await server.inbox.waitFor(to, /Retry me/);
    expect(mail.text.trim()).toBe('hello');
    expect(server.inbox.refuseNext).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(server.inbox.countTo(to, /Retry me/)).toBe(1);
  });
});
