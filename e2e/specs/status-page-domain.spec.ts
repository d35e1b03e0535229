import type { StatusPage } from '../../packages/contracts/src/status-pages';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { createStatusPage, sectionsOf, statusPageOwner, uniqueSlug } from '../support/status-pages';
import { expect, test } from '../support/test';

/**
 * A status page on its custom domain: the browser resolves the domain to the e2e server, as the
 * owner's CNAME would, and the server finds the page by the Host header.
 */

const DOMAIN = `${uniqueSlug('status')}.example.test`;
const PORT = process.env.E2E_PORT ?? '3900';

test.use({
  allowedConsoleErrors: [
    {
      pattern: /Cross-Origin-Opener-Policy header has been ignored/,
      reason: 'the test domain is plain http (not localhost); a real custom domain is https at the proxy in front',
    },
  ],
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP *.example.test 127.0.0.1'],
  },
});

let onDomain: StatusPage;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(360_000);
  const owner = await statusPageOwner(browser, 'status-domain');
  onDomain = await createStatusPage(owner.key, {
    slug: uniqueSlug('domain'),
    title: 'Status on our own domain',
    custom_domain: DOMAIN,
    sections: sectionsOf(owner),
  });
});

test('the page is at the root of its host, found by the Host header', async ({ page }) => {
  await page.goto(`http://${DOMAIN}:${PORT}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Status on our own domain');
  await expect(page.getByText('All systems operational')).toBeVisible();
  await expect(page.locator('.sp-bar')).toHaveCount(180);
  // The app itself is not served there: any page of the host is the status page.
  await page.goto(`http://${DOMAIN}:${PORT}/login`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Status on our own domain');
  // On our own host the page is under /status/{slug}, and the app is at the root.
  await page.goto(`/status/${onDomain.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Status on our own domain');
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
});
