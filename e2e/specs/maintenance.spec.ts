import path from 'node:path';
import type { Page } from '@playwright/test';
import { verifiedUser } from '../support/accounts';
import { api } from '../support/api';
import { database } from '../support/database';
import { loopbackTarget } from '../support/loopback-target';
import { createMonitor } from '../support/monitors';
import { atEachSize, shotsDir } from '../support/screenshots';
import { expect, test } from '../support/test';

/**
 * Issue 14, maintenance windows: a user creates a one-off window over a monitor from the
 * Maintenance page, sees the window active and the monitor "In maintenance until …" (the detail's
 * timeline and the list's strip draw it), then ends it early. Screenshots of the page, the modal
 * and the detail/strip at desktop and phone widths (SHOTS_DIR, else e2e/screenshots).
 */

const target = loopbackTarget('/maintenance');
const DAY_MS = 86_400_000;
const dir = process.env.SHOTS_DIR ?? shotsDir;

async function shoot(page: Page, name: string, fullPage = true) {
  await atEachSize(page, async (size) => {
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `${name}-${size.name}.png`), fullPage });
  });
}

/** A wall time `minutes` from now in the browser's zone, as a datetime-local input takes it. */
const localInput = (page: Page, minutes: number) =>
  page.evaluate((offset) => {
    const date = new Date(Date.now() + offset * 60_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }, minutes);

test('create a window, see the monitor in maintenance, end it early', async ({ page }) => {
  test.setTimeout(360_000);
  await verifiedUser(page, 'maintenance');
  const created = await createMonitor(page, { url: target.url, alias: 'shop' });
  // Watched since early today, with an earlier maintenance span (35 %–55 % of the day so far) to draw.
  const now = Date.now();
  const dayStart = now - (now % DAY_MS);
  const at = (share: number) => new Date(dayStart + (now - dayStart) * share).toISOString();
  const db = await database();
  try {
    await db.query('UPDATE monitor_states SET first_check_at = $1 WHERE monitor_id = $2', [at(0.05), created.id]);
    await db.query('INSERT INTO maintenance_spans (monitor_id, starts_at, ends_at) VALUES ($1, $2, $3)', [
      created.id,
      at(0.35),
      at(0.55),
    ]);
  } finally {
    await db.end();
  }

  // The page is reachable from the user menu.
  await page.goto('/');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Maintenance' }).click();
  await expect(page).toHaveURL(/\/maintenance$/);
  await expect(page.getByText('No maintenance windows yet.')).toBeVisible();

  await page.getByRole('button', { name: 'New window' }).click();
  const dialog = page.getByRole('dialog', { name: 'New maintenance window' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Database upgrade');
  await dialog.getByRole('combobox', { name: 'Monitors' }).click();
  await page.getByRole('option', { name: 'HTTP:shop' }).click();
  await dialog.getByRole('textbox', { name: 'Title' }).click();
  await dialog.getByLabel('Starts').fill(await localInput(page, -1));
  await dialog.getByLabel('Ends').fill(await localInput(page, 120));
  await shoot(page, 'modal-once', false);
  await dialog.getByText('Weekly', { exact: true }).click();
  await expect(dialog.getByText('Days')).toBeVisible();
  await shoot(page, 'modal-weekly', false);
  await dialog.getByText('One-off', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByTestId('maintenance-window');
  await expect(card.getByText('Database upgrade')).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByText('Monitor: HTTP:shop')).toBeVisible();
  await shoot(page, 'page');

  // The monitor: "In maintenance until …", and the maintenance drawn on its timeline and strip.
  await page.goto(`/monitor/${created.id}`);
  const detail = page.getByRole('region', { name: 'Monitor detail' });
  await expect(detail.getByText(/^In maintenance until /)).toBeVisible();
  await expect(detail.locator('[data-status="maintenance"]').first()).toBeVisible();
  await expect(page.getByTestId('uptime-strip').locator('[data-status="maintenance"]').first()).toBeAttached();
  await shoot(page, 'detail');

  // Ended early from the page: no longer active, and the detail no longer says so.
  await page.goto('/maintenance');
  await card.getByRole('button', { name: 'End now' }).click();
  await expect(card.getByText('Active', { exact: true })).toBeHidden();
  await expect(card.getByRole('button', { name: 'End now' })).toBeHidden();
  await expect(card.getByText('Over')).toBeVisible();
  const windows = (await api(page, 'GET', '/api/v1/maintenance_windows')) as {
    results: Array<{ active_now: boolean; ends_at: string }>;
  };
  expect(windows.results[0]?.active_now).toBe(false);
  expect(Date.parse(windows.results[0]?.ends_at ?? '')).toBeLessThanOrEqual(Date.now());
  await page.goto(`/monitor/${created.id}`);
  await expect(detail.getByText('Uptime and downtimes')).toBeVisible();
  await expect(detail.getByText(/^In maintenance until /)).toBeHidden();
});
