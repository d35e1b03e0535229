import type { Page } from '@playwright/test';
import { verifiedUser } from '../support/accounts';
import { api } from '../support/api';
import { loopbackTarget } from '../support/loopback-target';
import { shootAtEachSize } from '../support/screenshots';
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

test.describe('in Berlin', () => {
  test.use({ timezoneId: 'Europe/Berlin' });

  test('sign-up takes the browser’s zone; the Jalali calendar set on /account shows on the dashboard', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await verifiedUser(page, 'timecal');
    expect(await api<Profile>(page, 'GET', '/api/v1/users/profile')).toMatchObject({
      time_zone: 'Europe/Berlin',
      calendar: 'gregorian',
    });
    const probers = (await api(page, 'GET', '/api/v1/probers/')) as { results: Array<{ id: number }> };
    const created = (await api(page, 'POST', '/api/v1/monitors/', {
      protocol_type: 'HTTP',
      url: target.url,
      period: 300,
      apdex: 0.5,
      probers: probers.results.slice(0, 1).map((prober) => prober.id),
    })) as { id: number };

    await page.goto(`/monitor/${created.id}`);
    const detail = page.getByRole('region', { name: 'Monitor detail' });
    await expect(async () => {
      await detail.getByRole('button', { name: 'Refresh' }).click();
      await expect(detail.getByText('Last Check', { exact: true })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
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
    await shootAtEachSize(page, 'timecal-detail-jalali', 400);
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
});
