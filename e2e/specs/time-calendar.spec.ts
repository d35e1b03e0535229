import type { Locator, Page } from '@playwright/test';
import { verifiedUser } from '../support/accounts';
import { api } from '../support/api';
import { database } from '../support/database';
import { dateIn, pickDate } from '../support/date-popup';
import { loopbackTarget } from '../support/loopback-target';
import { createMonitor } from '../support/monitors';
import { shootAtEachSize, shotPath } from '../support/screenshots';
import { expect, test } from '../support/test';

/**
 * One time rule and a calendar setting (issue 15): a new account takes the browser's zone (Tehran's
 * brings the Jalali calendar); switching the calendar on /account turns the dashboard's dates Jalali.
 */

const JALALI_MONTH = '(Farvardin|Ordibehesht|Khordad|Tir|Mordad|Shahrivar|Mehr|Aban|Azar|Dey|Bahman|Esfand)';
const GREGORIAN_MONTH = '(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
/** 'Azar 5th, 14:35:12' (spec §9's shape) in a calendar's months. */
const dateTimeIn = (months: string) => new RegExp(`^${months} \\d{1,2}(st|nd|rd|th), \\d\\d:\\d\\d:\\d\\d$`);

const target = loopbackTarget('/health');

type Profile = { time_zone: string; calendar: string };

/** The value beside a label of the detail's header ('Last Check', 'Now'). */
const headerTime = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Monitor detail' })
    .getByText(label, { exact: true })
    .locator('xpath=following-sibling::*[1]');

/** Refreshes the detail until its monitor's first check is in. */
async function refreshUntilChecked(detail: Locator) {
  await expect(async () => {
    await detail.getByRole('button', { name: 'Refresh' }).click();
    await expect(detail.getByText('Last Check', { exact: true })).toBeVisible({ timeout: 6_000 });
  }).toPass({ timeout: 90_000 });
}

test.describe('in Berlin', () => {
  test.use({ timezoneId: 'Europe/Berlin' });

  test('sign-up takes the browser’s zone; the Jalali calendar set on /account shows on the dashboard', async ({
    page,
  }) => {
    test.setTimeout(360_000);
    await verifiedUser(page, 'timecal');
    expect(await api<Profile>(page, 'GET', '/api/v1/users/profile')).toMatchObject({
      time_zone: 'Europe/Berlin',
      calendar: 'gregorian',
    });
    const created = await createMonitor(page, { url: target.url });

    await page.goto(`/monitor/${created.id}`);
    const detail = page.getByRole('region', { name: 'Monitor detail' });
    await refreshUntilChecked(detail);
    await expect(headerTime(page, 'Last Check')).toHaveText(dateTimeIn(GREGORIAN_MONTH));

    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Time zone and calendar' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin');
    await page.getByRole('combobox', { name: 'Calendar' }).click();
    await page.getByRole('option', { name: 'Jalali (Solar Hijri)' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Dates are now shown in Europe/Berlin, Jalali (Solar Hijri) calendar.')).toBeVisible();
    await expect(page.getByTestId('time-settings-now')).toHaveText(dateTimeIn(JALALI_MONTH));
    expect(await api<Profile>(page, 'GET', '/api/v1/users/profile')).toMatchObject({ calendar: 'jalali' });
    await shootAtEachSize(page, 'timecal-account-jalali');

    await page.goto(`/monitor/${created.id}`);
    await expect(headerTime(page, 'Last Check')).toHaveText(dateTimeIn(JALALI_MONTH));
    await expect(headerTime(page, 'Now')).toHaveText(dateTimeIn(JALALI_MONTH));
    // Today's bar runs from local midnight to now, in the Jalali calendar: never to a time to come.
    await expect(detail.getByText(new RegExp(`^${JALALI_MONTH} \\d{1,2}(st|nd|rd|th), 00:00$`))).toBeVisible();
    await expect(detail.getByText(/^Now, \d\d:\d\d$/)).toBeVisible();
    // The heat map's months are Jalali months, its days named in the Jalali calendar.
    await expect(detail.getByTestId('heat-map-month').last()).toContainText(new RegExp(`^${JALALI_MONTH} 14\\d\\d`));
    await detail.getByTestId('section-heat-map').screenshot({ path: shotPath('timecal-heat-map-jalali-desktop') });
    await shootAtEachSize(page, 'timecal-detail-jalali', 400);

    // The Date popup's calendar is Jalali too: its months, its Saturday-first weeks, today picked.
    await detail.getByRole('button', { name: 'Date', exact: true }).click();
    const popup = page.getByRole('dialog', { name: 'Date' });
    const calendar = popup.getByRole('group', { name: 'Calendar' });
    await expect(calendar.getByText(new RegExp(`^${JALALI_MONTH} 14\\d\\d$`))).toBeVisible();
    await expect(calendar.locator('[aria-pressed="true"]')).toHaveAccessibleName(
      new RegExp(`^${JALALI_MONTH} \\d{1,2}(st|nd|rd|th), 14\\d\\d$`),
    );
    // At this size only: the narrow layout is another screen, where the popup is not open.
    await page.screenshot({ path: shotPath('timecal-date-popup-jalali-desktop') });
    await popup.getByRole('button', { name: 'Set Date' }).click();
    await expect(popup).toBeHidden();
  });
});

test.describe('in Tehran', () => {
  test.use({ timezoneId: 'Asia/Tehran' });

  test('a new account starts on Tehran time and the Jalali calendar', async ({ page }) => {
    await verifiedUser(page, 'timecal-tehran');
    expect(await api<Profile>(page, 'GET', '/api/v1/users/profile')).toMatchObject({
      time_zone: 'Asia/Tehran',
      calendar: 'jalali',
    });
  });

  test("a past day is Tehran's day: asked for in its zone, named, its bar from Tehran's midnight", async ({ page }) => {
    test.setTimeout(270_000);
    await verifiedUser(page, 'timecal-past');
    const me = await api<Profile & { id: number }>(page, 'GET', '/api/v1/users/profile');
    await api(page, 'PUT', '/api/v1/users/profile', { id: me.id, time_zone: 'Asia/Tehran', calendar: 'gregorian' });
    const created = await createMonitor(page, { url: target.url });
    const db = await database();
    try {
      await db.query(`UPDATE monitors SET created_at = now() - interval '3 days' WHERE id = $1`, [created.id]);
    } finally {
      await db.end();
    }
    await page.goto(`/monitor/${created.id}`);
    const detail = page.getByRole('region', { name: 'Monitor detail' });
    await refreshUntilChecked(detail);

    // Yesterday in Tehran, whatever the UTC date is.
    const yesterday = dateIn(Date.now() - 86_400_000, 'Asia/Tehran');
    const asked = page.waitForRequest((request) => request.url().includes('/metric?day='));
    await detail.getByRole('button', { name: 'Date', exact: true }).click();
    await expect(page.getByText('Days run from midnight to midnight in Asia/Tehran.')).toBeVisible();
    await page.keyboard.press('Escape');
    await pickDate(page, detail, yesterday, 'Asia/Tehran');
    const [year, month, day] = yesterday.split('-').map(Number);
    expect((await asked).url()).toContain(
      `/metric?day=${year}-${String(month).padStart(2, '0')}-${day}&time_zone=Asia%2FTehran`,
    );
    const monthShort = new Date(`${yesterday}T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      timeZone: 'UTC',
    });
    await expect(detail.getByTestId('shown-day')).toContainText(
      new RegExp(`${monthShort} ${day}(st|nd|rd|th), ${year}`),
    );
    await expect(detail.getByTestId('section-hourly-apdex').getByText('Apdex by hour')).toBeVisible();
    // The day's bar is labelled from Tehran's midnight.
    await expect(detail.getByText(/, 00:00$/).first()).toBeVisible();
    // At this size only: the narrow layout is another screen, which opens on today.
    await page.screenshot({ path: shotPath('timecal-past-day-tehran-desktop'), fullPage: true });
  });
});
