import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SmtpInbox } from '../../apps/server/test/fakes/smtp-inbox';

/**
 * The real SMTP inbox of the server tests, plus a small HTTP window onto it so
 * Playwright workers (other processes) can read what arrived.
 */
export async function startMailInbox(): Promise<{ smtpUrl: string; httpUrl: string; stop(): Promise<void> }> {
  const inbox = new SmtpInbox();
  const smtpUrl = await inbox.start();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://inbox');
    const to = url.searchParams.get('to') ?? '';
    const messages = inbox.messages.filter((mail) => !to || mail.to.includes(to));
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(messages));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const httpUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    smtpUrl,
    httpUrl,
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await inbox.stop();
    },
  };
}
