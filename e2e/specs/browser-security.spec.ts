import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { verifiedUser } from '../support/accounts';
import { waitForQuietNetwork } from '../support/quiet-network';
import { createMonitor, registerProbers, sessionKey } from '../support/seed-results';
import { expect, test } from '../support/test';

/**
 * The server's Content-Security-Policy in real Chromium: the app, a share page framed by another
 * site and the API docs run without a single violation; other pages refuse to be framed; and the
 * app starts where the browser refuses localStorage.
 */
/** Every CSP violation any frame of the page reports, as "directive blocked-uri". */
async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation?: (text: string) => void }).reportViolation;
      report?.(`${location.href}: ${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/**
 * Another site: a page on its own loopback port (another origin) that frames whatever `?src=` names.
 * Served for real, not through page.route: Chromium lets only local pages frame loopback addresses.
 */
let embedder: Server;
let embedderUrl = '';
test.beforeAll(async () => {
  embedder = createServer((request, response) => {
    const src = new URL(request.url ?? '/', 'http://embedder').searchParams.get('src') ?? '';
    response.setHeader('content-type', 'text/html');
    response.end(
      `<!doctype html><title>Embedder</title><iframe src="${encodeURI(src)}" width="1000" height="700"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => embedder.listen(0, '127.0.0.1', resolve));
  embedderUrl = `http://127.0.0.1:${(embedder.address() as AddressInfo).port}/`;
});
test.afterAll(() => new Promise<void>((resolve) => embedder.close(() => resolve())));

const embed = (page: Page, url: string) => page.goto(`${embedderUrl}?src=${encodeURIComponent(url)}`);

test('the dashboard, the Alert Center and Billing load without a CSP violation', async ({ page }) => {
  test.setTimeout(270_000);
  const violations = await collectViolations(page);
  await verifiedUser(page, 'csp-dashboard');
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  for (const path of ['/settings', '/finance', '/']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  }
  await waitForQuietNetwork(page);
  expect(violations).toEqual([]);
});

test('a share page works inside another site’s frame; other pages refuse to be framed', async ({
  page,
  baseURL,
  consoleGuard,
}) => {
  test.setTimeout(270_000);
  consoleGuard.allow(/frame-ancestors 'none'/, 'the spec frames a page that refuses it, to prove the refusal');
  const owner = await verifiedUser(page, 'csp-share');
  const monitor = await createMonitor(await sessionKey(owner.email, owner.password), await registerProbers(1, 'csp'), {
    alias: 'Framed shop',
  });
  await page.context().clearCookies();
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  const violations = await collectViolations(page);

  await embed(page, `${baseURL}/symlink/${monitor.token}`);
  const framed = page.frameLocator('iframe');
  await expect(framed.getByText('Framed shop').first()).toBeVisible();
  await waitForQuietNetwork(page);
  expect(violations).toEqual([]);

  await embed(page, `${baseURL}/login`);
  // Chromium replaces a refused frame's document with an error page: the login form never shows.
  await expect.poll(() => violations.some((text) => /frame-ancestors/.test(text))).toBe(true);
  await expect(framed.getByText('Forget Password?')).toHaveCount(0);
});

test('the API docs load without a CSP violation', async ({ page }) => {
  const violations = await collectViolations(page);
  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible();
  await waitForQuietNetwork(page);
  expect(violations).toEqual([]);
});

test('the app starts where reading localStorage throws (sandboxed frames, private modes)', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    for (const name of ['localStorage', 'sessionStorage']) {
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          throw new DOMException(`Access to '${name}' is denied for this document.`, 'SecurityError');
        },
      });
    }
  });
  await page.goto('/login');
  await expect(page.getByText('Forget Password?')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  expect(errors).toEqual([]);
});
