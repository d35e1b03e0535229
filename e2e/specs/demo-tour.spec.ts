import type { Locator, Page } from '@playwright/test';
import { api } from '../support/api';
import { loginAsGuest } from '../support/guest';
import { expect, test } from '../support/test';

/**
 * The tour (issue 15): "Login as Guest" opens the demo account with its generated monitors and
 * 90 days of history, so the dashboard, the detail's downtimes, charts and heat map, and the
 * notification history all show something. Screenshots go to E2E_SHOTS_DIR (default e2e/screenshots).
 */

const shotsDir = process.env.E2E_SHOTS_DIR ?? `${import.meta.dirname}/../screenshots`;
const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

async function shoot(page: Page, name: string) {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${shotsDir}/${name}-${size.name}.png`, fullPage: true });
  }
  await page.setViewportSize(sizes[0]);
}

const DEMO_MONITORS = [
  'HTTP:Shop',
  'HTTP:Blog',
  'HTTP:Payments API',
  'TCP:Database',
  'ICMP:Gateway',
  'DNS:Name server',
];

test('the guest sees the demo dashboard: every demo monitor with its status', async ({ page }) => {
  await loginAsGuest(page);
  for (const name of DEMO_MONITORS) await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await expect(page.getByText('No Monitors')).toHaveCount(0);
  await page.mouse.move(0, 0);
  await shoot(page, 'demo-dashboard');
});

const DAY_MS = 86_400_000;
/** How the Date popup names a day: '5 March 2024' (UTC days). */
const dayLabel = (ms: number) =>
  new Date(ms).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

async function pickDay(page: Page, detail: Locator, ms: number) {
  await detail.getByRole('button', { name: 'Date', exact: true }).click();
  const popup = page.getByRole('dialog', { name: 'Date' });
  await expect(popup).toBeVisible();
  if (new Date(ms).getUTCMonth() !== new Date().getUTCMonth())
    await popup.getByRole('button', { name: 'Previous month' }).click();
  await popup.getByRole('button', { name: dayLabel(ms), exact: true }).click();
  await popup.getByRole('button', { name: 'Set Date' }).click();
  await expect(popup).toHaveCount(0);
}

test('the outage monitor shows its downtimes, charts and heat map', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAsGuest(page);
  await page.getByText('HTTP:Blog', { exact: true }).first().click();
  await expect(page).toHaveURL(/\/monitor\/\d+/);
  const id = Number(page.url().match(/\/monitor\/(\d+)/)?.[1]);
  const detail = page.getByRole('region', { name: 'Monitor detail' });
  await expect(detail.getByText('Last Check')).toBeVisible();
  for (const section of ['hourly-apdex', 'response-time', 'prober-timings', 'phase-timings', 'heat-map'])
    await expect(detail.getByTestId(`section-${section}`)).toBeVisible();
  await page.mouse.move(0, 0);
  await shoot(page, 'demo-detail');

  // The heat map's days: outages over the 90 days. The latest day with one, within the Date popup's reach.
  const metric = await api<{ monthly_metrics: Record<string, { downtime_minutes: number }> }>(
    page,
    'GET',
    `/api/v1/monitors/${id}/metric`,
  );
  const outageDays = Object.entries(metric.monthly_metrics).filter(([, day]) => day.downtime_minutes > 0);
  expect(outageDays.length).toBeGreaterThan(5);
  const reachable = outageDays
    .map(([day]) => Date.parse(`${day}T00:00:00Z`))
    .filter((ms) => ms > Date.now() - 28 * DAY_MS && ms < Date.now() - DAY_MS)
    .sort((a, b) => b - a);
  expect(reachable.length).toBeGreaterThan(0);
  await pickDay(page, detail, reachable[0] ?? 0);
  await expect(detail.getByText(/\(UTC\)$/)).toBeVisible();
  await expect(detail.getByText('No downtimes on this day.')).toHaveCount(0);
  await expect(detail.getByRole('img', { name: /Timeline of the day: [1-9]\d* downtimes?/ })).toBeVisible();
  await page.mouse.move(0, 0);
  await shoot(page, 'demo-detail-outage-day');
});

test('the notification history shows the demo alerts', async ({ page }) => {
  await loginAsGuest(page);
  await page.goto('/settings');
  await expect(page.getByText(/The demo account cannot set alerts\./)).toBeVisible();
  await expect(page.getByText('HTTP:Blog').first()).toBeVisible();
  await shoot(page, 'demo-notification-history');
});

test("a write by the guest answers with the server's read-only message and changes nothing", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(
    /status of 403.*\/api\/v1\/monitors\/\d+\//,
    'the spec switches a demo monitor off, which the server refuses',
  );
  await loginAsGuest(page);
  await page.getByText('HTTP:Shop', { exact: true }).first().click();
  const detail = page.getByRole('region', { name: 'Monitor detail' });
  const enabled = detail.getByRole('switch', { name: 'Enabled' });
  await expect(enabled).toBeChecked();
  await enabled.click({ force: true });
  await expect(page.getByText('The demo account cannot be changed. Sign up to make your own.').first()).toBeVisible();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shotsDir}/demo-read-only-desktop.png` });
  await page.reload();
  await expect(detail.getByRole('switch', { name: 'Enabled' })).toBeChecked();
});
