import type { Page, Route } from '@playwright/test';
import { verifiedUser } from '../support/accounts';
import { loopbackTarget } from '../support/loopback-target';
import { createMonitor } from '../support/monitors';
import { shotPath, sizes } from '../support/screenshots';
import { expect, test } from '../support/test';

/**
 * The first screen (apps/web/src/first-screen/, issue 26): a returning visitor's list drawn in plain
 * DOM from the early calls before the app's code runs, then replaced by the live app. The app's main
 * chunk is held back here until the first screen has been looked at, so the two are seen apart.
 */

const target = loopbackTarget();
/** The app's main chunk (vite.config.ts's `app` group). */
const APP_CHUNK = /\/assets\/app-[\w-]+\.js$/;
/** The dashboard's chunk (route-loaders.ts), which index.html does not preload. */
const FIRST_ROUTE_CHUNK = /\/assets\/first-route-[\w-]+\.(js|css)$/;
const firstScreen = (page: Page) => page.locator('#first-screen');
const items = (page: Page) => page.getByTestId('monitor-item');

/** Holds the app's main chunk back until the returned function is called. */
async function holdApp(page: Page): Promise<() => void> {
  const held: Route[] = [];
  let released = false;
  await page.route(APP_CHUNK, (route) => (released ? route.continue() : void held.push(route)));
  return () => {
    released = true;
    for (const route of held.splice(0)) void route.continue();
  };
}

test('a signed-in user sees the list drawn first, then the live app takes over with working clicks', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await verifiedUser(page, 'first-screen');
  const older = await createMonitor(page, { url: `${target.url}/older`, alias: 'Older <b>one</b>' });
  const newer = await createMonitor(page, { url: `${target.url}/newer?q=<script>alert(1)</script>` });

  for (const size of sizes) {
    await page.setViewportSize(size);
    const listCalls: string[] = [];
    const countCall = (request: { url(): string }) => {
      if (new URL(request.url()).pathname === '/api/v1/monitors/') listCalls.push(request.url());
    };
    page.on('request', countCall);
    const release = await holdApp(page);
    await page.goto('/', { waitUntil: 'commit' });

    // Drawn without the app: the header, the count and both items, newest first, names as text.
    await expect(firstScreen(page).getByTestId('monitor-item')).toHaveCount(2);
    await expect(firstScreen(page).getByText('2 monitors')).toBeVisible();
    await expect(firstScreen(page).getByTestId('monitor-item').nth(0)).toContainText(
      `${target.url}/newer?q=<script>alert(1)</script>`,
    );
    await expect(firstScreen(page).getByTestId('monitor-item').nth(1)).toContainText('HTTP:Older <b>one</b>');
    expect(await firstScreen(page).locator('script, b').count()).toBe(0);
    await page.screenshot({ path: shotPath(`first-screen-drawn-${size.name}`) });

    release();
    await expect(firstScreen(page)).toHaveCount(0);
    await expect(items(page)).toHaveCount(2);
    if (size.name === 'desktop') {
      await expect(page).toHaveURL(new RegExp(`/monitor/${newer.id}$`));
      // The photograph is of the app settled: the newest monitor's detail drawn beside the list.
      await expect(page.getByRole('region', { name: 'Monitor detail' })).toContainText(`${target.url}/newer`);
    }
    await page.screenshot({ path: shotPath(`first-screen-app-${size.name}`) });
    // The app took the early list call's answer: the list was asked for once.
    expect(listCalls).toHaveLength(1);
    page.off('request', countCall);
  }

  // The live app's clicks: an item opens its detail without loading the page again, and its menu opens.
  await page.setViewportSize(sizes[0]);
  await page.evaluate(() => {
    (window as { samePage?: boolean }).samePage = true;
  });
  await items(page).nth(1).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/monitor/${older.id}$`));
  await expect(page.getByRole('region', { name: 'Monitor detail' })).toContainText('HTTP:Older <b>one</b>');
  expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
  await page.getByRole('button', { name: 'Actions for HTTP:Older <b>one</b>', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Share' })).toBeVisible();
});

test('a stale key draws no first screen and lands on sign-in', async ({ page, consoleGuard }) => {
  consoleGuard.allow(
    /status of 401.*\/api\/v1\/(users\/profile|monitors\/)/,
    'the stored key is one the server never issued: the early profile and list calls are refused',
  );
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('paydar.token', 'a-key-the-server-never-issued'));
  const release = await holdApp(page);
  const refused = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/monitors/');
  // The first module asks for the dashboard's code only once it has decided whether to draw (main.tsx).
  const decided = page.waitForRequest(FIRST_ROUTE_CHUNK);
  await page.goto('/', { waitUntil: 'commit' });
  // Both early calls are answered 401 while the app is held: nothing is drawn for them.
  expect((await refused).status()).toBe(401);
  await decided;
  await expect(firstScreen(page)).toHaveCount(0);
  release();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(firstScreen(page)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('paydar.token'))).toBeNull();
});
