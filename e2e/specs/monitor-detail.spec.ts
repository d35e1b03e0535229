import type { Locator, Page } from '@playwright/test';
import { verifiedUser } from '../support/accounts';
import { api } from '../support/api';
import { database } from '../support/database';
import { loopbackTarget } from '../support/loopback-target';
import { createMonitor } from '../support/monitors';
import { atEachSize, shotPath, sizes } from '../support/screenshots';
import { expect, test } from '../support/test';

/**
 * The monitor detail panel against the real server: an HTTP monitor of a target on loopback, checked
 * by the built-in prober; header, popups, drawers, the plan-history rule and the toggle. Screenshots
 * at desktop and phone sizes go to e2e/screenshots/ to be looked at.
 */

const HISTORY_TEXT = "You can't see the history for this day.";
const DAY_MS = 86_400_000;

const target = loopbackTarget('/health');

/**
 * Saves the page at each size. The dashboard lays the panel out anew across 850 px, which closes a
 * popup, so `open` (which opens one and waits for it) runs at each size, and the popup is closed after.
 */
async function shoot(page: Page, name: string, open?: (page: Page) => Promise<Locator>) {
  await atEachSize(page, async (size) => {
    await page.waitForTimeout(250);
    const popup = await open?.(page);
    await page.waitForTimeout(250);
    await page.screenshot({ path: shotPath(`detail-${name}-${size.name}`), fullPage: !popup });
    if (popup) {
      await page.keyboard.press('Escape');
      await expect(popup).toHaveCount(0);
    }
  });
  await page.waitForTimeout(150);
}

const detailOf = (page: Page) => page.getByRole('region', { name: 'Monitor detail' });
const badge = (scope: Locator, text: string) =>
  scope.locator('.mantine-Badge-root', { hasText: new RegExp(`^${text}$`) });

/** Opens a popup or drawer of the detail by its button and waits for it. */
async function openPopup(page: Page, button: string, dialog: string): Promise<Locator> {
  await detailOf(page).getByRole('button', { name: button, exact: true }).click();
  const popup = page.getByRole('dialog', { name: dialog });
  await expect(popup).toBeVisible();
  return popup;
}

const now = Date.now();
/** How the calendar names a date: '5 March 2024' (this user reads in UTC, the browser's zone). */
const dayLabel = (ms: number) =>
  new Date(ms).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Clicks a day of this month or the one before in the Date popup. */
async function pickDay(popup: Locator, ms: number) {
  if (new Date(ms).getUTCMonth() !== new Date(now).getUTCMonth()) {
    await popup.getByRole('button', { name: 'Previous month' }).click();
  }
  await popup.getByRole('button', { name: dayLabel(ms), exact: true }).click();
}

test('the monitor detail: data, popups, drawers, plan history and the toggle', async ({ page, context }) => {
  test.setTimeout(360_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await verifiedUser(page, 'detail');
  const created = await createMonitor(page, {
    url: target.url,
    // Disabled first: the panel without data can be seen before the prober gets to it.
    is_enabled: false,
  });

  await page.goto(`/monitor/${created.id}`);
  const detail = detailOf(page);
  await expect(
    detail.getByText(`Paydar is monitoring ${target.url}. It may take a few minutes, thank you for your patience.`),
  ).toBeVisible();
  await expect(badge(detail, 'Disable')).toBeVisible();
  await expect(detail.getByRole('link', { name: target.url })).toHaveAttribute('target', '_blank');
  await shoot(page, 'no-data');

  // Enabling puts the monitor in the built-in prober's schedule: its first check comes within seconds.
  await detail.getByRole('switch', { name: 'Enabled' }).click({ force: true });
  await expect(badge(detail, 'Disable')).toHaveCount(0);
  await expect(async () => {
    await detail.getByRole('button', { name: 'Refresh' }).click();
    await expect(detail.getByText('Last Check')).toBeVisible({ timeout: 6_000 });
  }).toPass({ timeout: 90_000 });
  await expect(badge(detail, 'Up')).toBeVisible();
  await expect(badge(detail, '200')).toBeVisible();
  await expect(detail.getByText('Now', { exact: true })).toBeVisible();
  await detail.getByText('Now', { exact: true }).hover();
  await expect(page.getByRole('tooltip', { name: 'Use the refresh button to fetch new updates' })).toBeVisible();
  await detail.getByRole('button', { name: 'Refresh' }).hover();
  await expect(page.getByRole('tooltip', { name: 'Refresh', exact: true })).toBeVisible();
  await expect(detail.getByRole('heading', { name: 'Uptime and downtimes', exact: true })).toBeVisible();
  // The chart sections, in the spec's order.
  const sections = ['hourly-apdex', 'response-time', 'prober-timings', 'phase-timings', 'heat-map'];
  for (const section of sections) await expect(detail.getByTestId(`section-${section}`)).toBeVisible();
  await expect(detail.getByText('No downtimes on this day.')).toBeVisible();
  await page.mouse.move(0, 0);
  await shoot(page, 'with-data');
  // The wide layout scrolls the panel in place: a tall window shows every section at once.
  await page.setViewportSize({ width: 1280, height: 2200 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: shotPath('detail-with-data-desktop-tall') });
  await page.setViewportSize(sizes[0]);

  // Command: the shell line of the check, copied.
  await detail.getByRole('button', { name: 'Command' }).click();
  const command = page.getByRole('dialog', { name: 'Command' });
  await expect(command.getByText(target.url)).toBeVisible();
  await command.getByRole('button', { name: 'Copy' }).click();
  await expect(command.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(target.url);
  await page.keyboard.press('Escape');
  await expect(command).toHaveCount(0);
  await shoot(page, 'command', (p) => openPopup(p, 'Command', 'Command'));

  // Share: the public link.
  await detail.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share' });
  await expect(share.getByRole('textbox', { name: 'Share link' })).toHaveValue(
    new RegExp(`/symlink/${created.token}$`),
  );
  await page.keyboard.press('Escape');
  await expect(share).toHaveCount(0);
  await shoot(page, 'share', (p) => openPopup(p, 'Share', 'Share'));

  // The drawers.
  await detail.getByRole('button', { name: 'What is apdex?' }).click();
  const apdex = page.getByRole('dialog', { name: 'What is apdex?' });
  await expect(apdex.getByText(/0\.5 s to 2 s/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(apdex).toHaveCount(0);
  await shoot(page, 'apdex-drawer', (p) => openPopup(p, 'What is apdex?', 'What is apdex?'));
  await detail.getByRole('button', { name: 'Contact us' }).click();
  const contact = page.getByRole('dialog', { name: 'Contact us' });
  await expect(contact.getByText('Email')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(contact).toHaveCount(0);
  await shoot(page, 'contact-drawer', (p) => openPopup(p, 'Contact us', 'Contact us'));

  // The plan's history: a monitor that has existed for 15 days, on the Free plan (7 days of history).
  const db = await database();
  try {
    await db.query(`UPDATE monitors SET created_at = now() - interval '15 days' WHERE id = $1`, [created.id]);
  } finally {
    await db.end();
  }
  await page.reload();
  await expect(detail.getByText('Last Check')).toBeVisible();
  await detail.getByRole('button', { name: 'Date' }).click();
  const datePopup = page.getByRole('dialog', { name: 'Date' });
  // Before the monitor existed: not offered.
  if (new Date(now - 16 * DAY_MS).getUTCMonth() !== new Date(now).getUTCMonth()) {
    await datePopup.getByRole('button', { name: 'Previous month' }).click();
  }
  await expect(datePopup.getByRole('button', { name: dayLabel(now - 16 * DAY_MS), exact: true })).toBeDisabled();
  await page.keyboard.press('Escape');
  await detail.getByRole('button', { name: 'Date' }).click();
  const metricCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/metric?day=')) metricCalls.push(request.url());
  });
  await pickDay(datePopup, now - 10 * DAY_MS);
  await datePopup.getByRole('button', { name: 'Set Date' }).click();
  await expect(datePopup.getByText('Free Plan')).toBeVisible();
  await expect(datePopup.getByText(HISTORY_TEXT)).toBeVisible();
  expect(metricCalls).toEqual([]);
  await page.keyboard.press('Escape');
  await shoot(page, 'date-warning', async (p) => {
    const popup = await openPopup(p, 'Date', 'Date');
    await pickDay(popup, now - 10 * DAY_MS);
    await popup.getByRole('button', { name: 'Set Date' }).click();
    await expect(popup.getByText(HISTORY_TEXT)).toBeVisible();
    return popup;
  });

  // A day within the history loads, named by its date, and 'Go Today' comes back.
  await page.goto(`/monitor/${created.id}`);
  await detail.getByRole('button', { name: 'Date' }).click();
  await pickDay(datePopup, now - 2 * DAY_MS);
  await datePopup.getByRole('button', { name: 'Set Date' }).click();
  await expect(datePopup).toHaveCount(0);
  await expect(detail.getByTestId('shown-day')).toBeVisible();
  await expect(detail.getByText('Now', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: shotPath('detail-past-day-desktop') });
  await detail.getByRole('button', { name: 'Go Today' }).click();
  await expect(detail.getByRole('button', { name: 'Refresh' })).toBeVisible();
  await expect(detail.getByText('Now', { exact: true })).toBeVisible();

  // The toggle: disabled monitors show 'Disable', after a reload too.
  await detail.getByRole('switch', { name: 'Enabled' }).click({ force: true });
  await expect(badge(detail, 'Disable')).toBeVisible();
  await expect(badge(detail, 'Up')).toHaveCount(0);
  await page.reload();
  await expect(badge(detailOf(page), 'Disable')).toBeVisible();
  const saved = (await api(page, 'GET', `/api/v1/monitors/${created.id}/`)) as { is_enabled: boolean; url: string };
  expect(saved).toMatchObject({ is_enabled: false, url: target.url });
});
