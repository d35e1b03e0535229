import type { Page } from '@playwright/test';
import { api } from '../support/api';
import { pickDate } from '../support/date-popup';
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
  'HEARTBEAT:Invoice sync',
];

test('the guest sees the demo dashboard: every demo monitor with its status', async ({ page }) => {
  await loginAsGuest(page);
  for (const name of DEMO_MONITORS) await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await expect(page.getByText('No Monitors')).toHaveCount(0);
  await page.mouse.move(0, 0);
  await shoot(page, 'demo-dashboard');
});

const DAY_MS = 86_400_000;

test('the outage monitor shows its downtimes, charts and heat map', async ({ page }) => {
  test.setTimeout(270_000);
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

  // The heat map's days (the demo reads Tehran's): outages over the 90 days. The latest day with one, within the Date popup's reach.
  const metric = await api<{ monthly_metrics: Record<string, { downtime_minutes: number }> }>(
    page,
    'GET',
    `/api/v1/monitors/${id}/metric?time_zone=Asia%2FTehran`,
  );
  const outageDays = Object.entries(metric.monthly_metrics).filter(([, day]) => day.downtime_minutes > 0);
  expect(outageDays.length).toBeGreaterThan(5);
  const reachable = outageDays
    .map(([day]) => day)
    .filter((day) => Date.parse(day) > Date.now() - 28 * DAY_MS && Date.parse(day) < Date.now() - DAY_MS)
    .sort()
    .reverse();
  expect(reachable.length).toBeGreaterThan(0);
  await pickDate(page, detail, reachable[0] ?? '', 'Asia/Tehran');
  await expect(detail.getByTestId('shown-day')).toBeVisible();
  await expect(detail.getByText('No downtimes on this day.')).toHaveCount(0);
  await expect(detail.getByRole('img', { name: /Timeline of the day: [1-9]\d* downtimes?/ })).toBeVisible();
  await page.mouse.move(0, 0);
  await shoot(page, 'demo-detail-outage-day');
});

test("the heartbeat shows its panel — the last ping, when the next is due, its ping URL's start — and its runtimes", async ({
  page,
}) => {
  await loginAsGuest(page);
  await page.getByText('HEARTBEAT:Invoice sync', { exact: true }).first().click();
  await expect(page).toHaveURL(/\/monitor\/\d+/);
  const panel = page.getByTestId('heartbeat-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('heartbeat-last-ping')).toContainText(/\((success|start|failure)\)/);
  await expect(panel.getByTestId('heartbeat-expected')).not.toContainText('The first ping');
  await expect(panel.getByText(/\/ping\/\S+…/)).toBeVisible();
  // Read-only: no way to make a new ping URL.
  await expect(panel.getByRole('button')).toHaveCount(0);
  const detail = page.getByRole('region', { name: 'Monitor detail' });
  for (const section of ['response-time', 'heat-map'])
    await expect(detail.getByTestId(`section-${section}`)).toBeVisible();
  await page.mouse.move(0, 0);
  await shoot(page, 'demo-heartbeat');
});

test('the notification history shows the demo alerts', async ({ page }) => {
  await loginAsGuest(page);
  await page.goto('/settings');
  await expect(page.getByText(/The demo account cannot set alerts\./)).toBeVisible();
  // The history table's own cell: the page also has the names in hidden places (the monitor filter's
  // options, the phone list), 19 matches in all, and the first of them was hidden (issue 37). Which
  // demo monitors' alerts fill the first page depends on the hour (Blog's were off it at 20:45 UTC):
  // any of them shows the demo's history.
  const history = page.getByRole('table', { name: 'Notification history' });
  const demoMonitor = new RegExp(`^(${DEMO_MONITORS.join('|')})$`);
  await expect(history.getByRole('cell', { name: demoMonitor }).first()).toBeVisible();
  await shoot(page, 'demo-notification-history');
});

test("the guest's write buttons are disabled, saying the demo is read-only; the server still refuses a write", async ({
  page,
}) => {
  await loginAsGuest(page);
  await page.getByText('HTTP:Shop', { exact: true }).first().click();
  const detail = page.getByRole('region', { name: 'Monitor detail' });
  const readOnly = 'The demo account cannot be changed. Sign up to make your own.';
  const enabled = detail.getByRole('switch', { name: 'Enabled' });
  await expect(enabled).toBeChecked();
  await expect(enabled).toBeDisabled();
  await detail.locator('[data-read-only]').hover();
  await expect(page.getByRole('tooltip', { name: readOnly })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Monitor' })).toBeDisabled();
  await page.getByRole('button', { name: 'Actions for HTTP:Shop' }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeDisabled();
  await expect(page.getByRole('menuitem', { name: 'Remove' })).toBeDisabled();
  await expect(page.getByRole('menuitem', { name: 'Share' })).toBeEnabled();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shotsDir}/demo-read-only-desktop.png` });
  await page.keyboard.press('Escape');

  // The disabled buttons are a courtesy: the server's refusal is the guard.
  const id = Number(page.url().match(/\/monitor\/(\d+)/)?.[1]);
  const key = await page.evaluate(() => localStorage.getItem('paydar.token'));
  const write = await page.request.delete(`/api/v1/monitors/${id}/`, { headers: { Authorization: `Token ${key}` } });
  expect(write.status()).toBe(403);
  expect((await write.json()).detail).toBe(readOnly);
  await page.reload();
  await expect(detail.getByRole('switch', { name: 'Enabled' })).toBeChecked();
});
