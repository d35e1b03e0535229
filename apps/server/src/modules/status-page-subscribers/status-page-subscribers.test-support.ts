import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { linkIn } from '../../../test/fakes/smtp-inbox';
import type { TestServer } from '../../../test/harness';

/** What the subscriber tests share: subscribing from a visitor address, following the mailed links. */

export const PUBLIC_PAGES = '/api/v1/public/status_pages';
export const SUBSCRIPTIONS = '/api/v1/public/status_page_subscriptions';

/** A visitor address of its own, so the per-visitor rate limit does not join unrelated tests. */
export const visitorIp = () => `198.51.100.${randomBytes(1)[0]}`;

export const subscribeTo = (
  server: TestServer,
  slug: string,
  email: string,
  options: { ip?: string; headers?: Record<string, string> } = {},
) =>
  server.app.inject({
    method: 'POST',
    url: `${PUBLIC_PAGES}/${slug}/subscribers`,
    payload: { email },
    remoteAddress: options.ip ?? visitorIp(),
    headers: options.headers ?? {},
  });

export const postToken = (server: TestServer, action: 'confirm' | 'unsubscribe', token: string) =>
  server.app.inject({
    method: 'POST',
    url: `${SUBSCRIPTIONS}/${action}`,
    payload: { token },
    remoteAddress: visitorIp(),
  });

/** The token of the latest confirmation mail to `email` for the page at `slug`. */
export async function confirmTokenFor(server: TestServer, slug: string, email: string): Promise<string> {
  const mail = await server.inbox.waitFor(email, /^Confirm your subscription/);
  const link = linkIn(mail, `http://dashboard.test/status/${slug}/subscription?confirm=`);
  return link.searchParams.get('confirm') as string;
}

/** Subscribes `email` to the page and follows the confirmation link. */
export async function confirmedSubscriber(server: TestServer, slug: string, email: string): Promise<void> {
  expect((await subscribeTo(server, slug, email)).statusCode).toBe(202);
  const confirmed = await postToken(server, 'confirm', await confirmTokenFor(server, slug, email));
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

/** Lets queued mail go out, so a count afterwards would see a second copy. */
export const settle = (ms = 2_000) => new Promise((resolve) => setTimeout(resolve, ms));
