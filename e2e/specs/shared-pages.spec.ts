import type { Page } from '@playwright/test';
import type { Monitor } from '../../packages/contracts/src/monitors';
import { logIn, verifiedUser } from '../support/accounts';
import { shootAtEachSize } from '../support/screenshots';
import { createMonitor, registerProbers, SEED_CHUNK_MS, seedRange, sessionKey } from '../support/seed-results';
import { expect, test } from '../support/test';

/**
 * The open share pages (/symlink, /custom_symlink) and the signed-in public status page, against a
 * monitor whose results went in through the agent API: the last 24 hours and the day two days ago.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Saves the page at both sizes, once each size's charts have been drawn again. */
const shoot = (page: Page, name: string) => shootAtEachSize(page, name, 400);

const CHARTS = [
  'chart-hourly-apdex',
  'chart-response-time',
  'chart-prober-timings',
  'chart-phase-timings',
  'chart-heat-map',
];

async function expectChartsDrawn(page: Page, charts = CHARTS) {
  for (const chart of charts) await expect(page.locator(`[data-testid="${chart}"][data-rendered]`)).toBeVisible();
}

test.describe.configure({ mode: 'serial' });
// The owner signs up in the browser's zone; the status page's day is then the UTC day the seed lays out.
test.use({ timezoneId: 'UTC' });

let seeded: { monitor: Monitor; email: string; password: string };

test.beforeAll(async ({ browser }) => {
  test.setTimeout(360_000);
  const page = await browser.newPage();
  const user = await verifiedUser(page, 'shared-owner');
  await page.close();
  const key = await sessionKey(user.email, user.password);
  const probers = await registerProbers(3, 'shared');
  const monitor = await createMonitor(key, probers, { alias: 'Shop front' });
  const now = Date.now();
  const twoDaysAgo = now - (now % DAY) - 2 * DAY;
  // The public status day: an outage from 03:00 to 04:30 UTC and no checks after 21:00.
  await seedRange(
    monitor,
    probers,
    { from: twoDaysAgo, to: twoDaysAgo + 21 * HOUR, periodMs: 5 * MINUTE },
    { outages: [[twoDaysAgo + 3 * HOUR, twoDaysAgo + 4.5 * HOUR]] },
  );
  // Today's figures: the last 24 hours with a 10-minute outage about five hours ago.
  const outage = Math.floor((now - 5 * HOUR) / SEED_CHUNK_MS) * SEED_CHUNK_MS;
  await seedRange(
    monitor,
    probers,
    { from: now - DAY, to: now - 10_000, periodMs: 5 * MINUTE },
    { outages: [[outage, outage + 10 * MINUTE]] },
  );
  seeded = { monitor, ...user };
});

test('a share link works signed out, under the public header', async ({ page }) => {
  await page.goto(`/symlink/${seeded.monitor.token}`);
  const header = page.getByTestId('public-header');
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign up' })).toBeVisible();
  await expect(page.getByText('Shop front').first()).toBeVisible();
  await expectChartsDrawn(page);
  // Shared views read no raw records and offer no refresh (spec §2, §6).
  await expect(page.getByRole('switch', { name: 'Raw data' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
  await shoot(page, 'shared-monitor');

  await header.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('a custom link counts only the first 36 characters of its token', async ({ page }) => {
  const token = seeded.monitor.token;
  expect(token).toHaveLength(36);
  const metricCall = page.waitForRequest((request) => request.url().includes('/api/v1/monitors/acme/'));
  await page.goto(`/custom_symlink/acme/${token}Xy9z`);
  const url = (await metricCall).url();
  expect(url).toContain(`/api/v1/monitors/acme/${token}/metric`);
  expect(url).not.toContain('Xy9z');
  await expect(page.getByText('Shop front').first()).toBeVisible();
  await expectChartsDrawn(page, ['chart-hourly-apdex']);
});

test('a share link that leads nowhere says so', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 404.*\/share_info/, 'the spec opens a share link that leads nowhere on purpose');
  await page.goto('/symlink/00000000-0000-0000-0000-000000000000');
  await expect(page.getByText('Shared monitor not found')).toBeVisible();
  await expect(page.getByTestId('public-header')).toBeVisible();
  await shoot(page, 'shared-not-found');
});

test('a signed-in visitor sees a share link inside the app header', async ({ page }) => {
  await logIn(page, seeded.email, seeded.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/symlink/${seeded.monitor.token}`);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await expect(page.getByTestId('public-header')).toHaveCount(0);
  await expectChartsDrawn(page, ['chart-hourly-apdex']);
});

test('the public status page draws the day two days ago on a 24-hour clock', async ({ page, consoleGuard }) => {
  consoleGuard.allow(
    /status of 404.*\/api\/v1\/monitors\/999999999\//,
    'the spec opens an id that is no one’s on purpose',
  );
  await page.goto(`/public_status/${seeded.monitor.id}`);
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, seeded.email, seeded.password);
  // Signing in leads back to the page the visitor was sent away from.
  await expect(page).toHaveURL(new RegExp(`/public_status/${seeded.monitor.id}$`));
  await expect(page.locator('[data-testid="chart-status-clock"][data-rendered]')).toBeVisible();

  const rawCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/metric/raw')) rawCalls.push(request.url());
  });
  await page.goto(`/public_status/${seeded.monitor.id}`);
  await expect(page.locator('[data-testid="chart-status-clock"][data-rendered]')).toBeVisible();
  // The viewer's day in the viewer's zone (issue 15), which the page names: this owner signed up in UTC.
  await expect(page.getByText(/, 00:00 – 24:00/)).toBeVisible();
  await expect(page.getByTestId('status-zone')).toHaveText('(UTC)');
  // 1.5 hours down out of 21 observed: 92.9% of the slots with checks were up.
  await expect(page.getByTestId('clock-uptime')).toHaveText('92.9%');
  expect(rawCalls).toHaveLength(4);
  await shoot(page, 'public-status');

  await page.goto('/public_status/999999999');
  await expect(page.getByText('No monitor of yours has this id.')).toBeVisible();
});
