import type { Page } from '@playwright/test';
import { verifiedUser } from '../support/accounts';
import { api } from '../support/api';
import { database } from '../support/database';
import { atEachSize, shotPath } from '../support/screenshots';
import { expect, test } from '../support/test';

/**
 * A heartbeat monitor end to end: made in the add form (target and probers hidden, period and grace
 * shown), its ping URL copied from the detail, pinged with fetch as a cron job would, seen up, then
 * left without a ping past its short period until the server's lateness sweep takes it down.
 * Screenshots at 1280 and 390 px, light and dark.
 */

const detailOf = (page: Page) => page.getByRole('region', { name: 'Monitor detail' });
const badge = (page: Page, text: string) =>
  detailOf(page).locator('.mantine-Badge-root', { hasText: new RegExp(`^${text}$`) });

async function shootSchemes(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await atEachSize(page, async (size) => {
      await page.waitForTimeout(300);
      await page.screenshot({ path: shotPath(`${name}-${scheme}-${size.name}`), fullPage: true });
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The plan with a 15 s minimum period (Gold), as a purchase would set it: Free's 5 min is too long to wait for. */
async function moveToGold(email: string) {
  const db = await database();
  try {
    await db.query(
      `UPDATE subscriptions SET is_active = false WHERE is_active AND user_id = (SELECT id FROM users WHERE email = $1)`,
      [email],
    );
    await db.query(
      `INSERT INTO subscriptions (user_id, plan_id, is_active, period, expire_time)
       SELECT u.id, p.id, true, 'Monthly', now() + interval '30 days' FROM users u, plans p WHERE u.email = $1 AND p.name = 'Gold'`,
      [email],
    );
  } finally {
    await db.end();
  }
}

test('a heartbeat is made in the form, pinged by its copied URL, seen up, and goes down when late', async ({
  page,
  context,
}) => {
  test.setTimeout(450_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { email } = await verifiedUser(page, 'heartbeat');
  await moveToGold(email);
  await page.reload();

  await page.getByRole('button', { name: 'Add Monitor' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radiogroup', { name: 'Protocol' }).getByText('Heartbeat', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'Heartbeat' })).toBeChecked();
  await expect(dialog.getByRole('textbox', { name: 'URL' })).toHaveCount(0);
  await expect(dialog.getByRole('textbox', { name: 'Probers' })).toHaveCount(0);
  await expect(dialog.getByRole('combobox', { name: 'Grace' })).toHaveValue('5 min');
  await dialog.getByRole('button', { name: 'Add Monitor' }).click();
  await expect(page.getByText('Please fill all fields.', { exact: true })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Nightly backup');
  await dialog.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: '15 sec', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Grace' }).click();
  await page.getByRole('option', { name: 'None', exact: true }).click();
  await shootSchemes(page, 'heartbeat-form');
  await dialog.getByRole('button', { name: 'Add Monitor' }).click();
  await expect(page.getByRole('heading', { name: 'Add Monitor' })).toHaveCount(0);

  // The detail shows the whole URL this once, with copy buttons and examples.
  const panel = page.getByTestId('heartbeat-panel');
  const shown = page.getByTestId('ping-url');
  await expect(shown).toHaveText(/\/ping\/[\w-]{43}$/);
  const url = (await shown.textContent()) ?? '';
  await expect(page.getByTestId('ping-cron')).toContainText(`* * * * * /path/to/job.sh && curl -fsS`);
  await panel.getByRole('button', { name: 'Copy' }).first().click();
  await expect(panel.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(panel.getByTestId('heartbeat-last-ping')).toContainText('None yet');
  await shootSchemes(page, 'heartbeat-detail-new');

  // A job pings it, as curl from cron would.
  const started = await fetch(`${url}/start`, { method: 'POST' });
  expect(started.status).toBe(200);
  const pinged = await fetch(url, { method: 'POST', body: 'backup done: 42 files' });
  expect(pinged.status).toBe(200);
  expect(await pinged.text()).toBe('OK');
  await expect(badge(page, 'Up')).toBeVisible({ timeout: 60_000 });
  await page.reload();
  await expect(panel.getByTestId('heartbeat-last-ping')).toContainText('(success)');
  await expect(panel).toContainText('Last ping said: backup done: 42 files');
  // After a reload only the fingerprint is left; the whole URL is never read back.
  await expect(page.getByTestId('ping-url')).toHaveCount(0);
  await expect(panel).toContainText(`${url.slice(0, url.lastIndexOf('/') + 7)}…`);
  await shootSchemes(page, 'heartbeat-detail-up');

  // No ping for 15 s: the sweep takes it down.
  await expect(badge(page, 'Down')).toBeVisible({ timeout: 180_000 });
  const id = Number(/\/monitor\/(\d+)/.exec(page.url())?.[1]);
  const monitor = await api<{ heartbeat: { expected_by: string | null } }>(page, 'GET', `/api/v1/monitors/${id}/`);
  expect(monitor.heartbeat.expected_by).toBeNull();
  await page.reload();
  await expect(panel.getByTestId('heartbeat-expected')).toContainText('The next success');
  await shootSchemes(page, 'heartbeat-detail-down');

  // A new URL: the old one stops at once.
  await panel.getByRole('button', { name: 'Show a new ping URL' }).click();
  await expect(page.getByTestId('ping-url')).toHaveText(/\/ping\/[\w-]{43}$/);
  expect((await fetch(url)).status).toBe(404);
});
