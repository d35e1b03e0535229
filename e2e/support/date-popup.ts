import { expect, type Locator, type Page } from '@playwright/test';

/** A date ('2026-11-25') as the Gregorian Date popup names its day buttons: '25 November 2026'. */
export const dateButtonName = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The date ('2026-11-25') an instant falls on in a zone. */
export const dateIn = (instant: number, timeZone: string) =>
  new Date(instant).toLocaleDateString('en-CA', { timeZone });

/**
 * Opens the detail's Date popup and loads `date` (this month's or last month's, as a reader in
 * `timeZone` counts them, on the Gregorian calendar).
 */
export async function pickDate(page: Page, detail: Locator, date: string, timeZone: string) {
  await detail.getByRole('button', { name: 'Date', exact: true }).click();
  const popup = page.getByRole('dialog', { name: 'Date' });
  await expect(popup).toBeVisible();
  if (date.slice(0, 7) !== dateIn(Date.now(), timeZone).slice(0, 7)) {
    await popup.getByRole('button', { name: 'Previous month' }).click();
  }
  await popup.getByRole('button', { name: dateButtonName(date), exact: true }).click();
  await popup.getByRole('button', { name: 'Set Date' }).click();
  await expect(popup).toHaveCount(0);
}
