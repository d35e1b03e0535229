import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Access tokens for password-protected pages: `{pageId}.{expiresAtSeconds}.{mac}`, the MAC an
 * HMAC-SHA256 of the page, the expiry and the page's password hash under the server's secret — so
 * a token opens one page, ends on time, and dies when the owner changes or removes the password.
 */

function macOf(secret: string, pageId: number, expiresAt: number, passwordHash: string): Buffer {
  return createHmac('sha256', secret).update(`${pageId}.${expiresAt}.${passwordHash}`).digest();
}

export function signPageToken(secret: string, pageId: number, passwordHash: string, expiresAtMs: number): string {
  const expiresAt = Math.floor(expiresAtMs / 1000);
  return `${pageId}.${expiresAt}.${macOf(secret, pageId, expiresAt, passwordHash).toString('base64url')}`;
}

/** Whether `token` opens this page at `now`. */
export function pageTokenOpens(
  secret: string,
  token: string | undefined,
  page: { id: number; passwordHash: string },
  now: number,
): boolean {
  if (!token || token.length > 200) return false;
  const [id, expiry, mac] = token.split('.');
  if (id !== String(page.id) || !expiry || !/^\d{1,12}$/.test(expiry) || !mac) return false;
  const expiresAt = Number(expiry);
  if (expiresAt * 1000 <= now) return false;
  const expected = macOf(secret, page.id, expiresAt, page.passwordHash);
  const given = Buffer.from(mac, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
