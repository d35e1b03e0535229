import { expect, test } from '../support/test';
import { logOut, uniqueEmail, verifiedUser } from '../support/accounts';
import { admin } from '../support/admin-cli';

test('a staff link signs in as the user, with a red border, until Exit Impersonation', async ({ page }) => {
  const customer = await verifiedUser(page, 'customer');
  await logOut(page);
  const staffEmail = uniqueEmail('staff');
  await admin('create-staff', staffEmail, '--password', 'staff password');
  const link = (await admin('impersonate', customer.email, '--staff', staffEmail)).split('\n')[0] ?? '';
  expect(link).toContain('/impersonate?token=');

  await page.goto(link);
  await expect(page).toHaveURL(/\/$/);
  const exit = page.getByRole('button', { name: 'Exit Impersonation' });
  await expect(exit).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu').getByText(customer.email)).toBeVisible();
  await page.keyboard.press('Escape');
  const border = await page.evaluate(() => {
    const frame = [document.body, ...document.body.querySelectorAll('*')].find((element) =>
      getComputedStyle(element).borderTopColor.match(/rgb\((2[0-5]\d|1[5-9]\d), \d{1,2}, \d{1,2}\)/),
    );
    return frame ? getComputedStyle(frame).borderTopWidth : null;
  });
  expect(border, 'a red border around the app').not.toBeNull();

  await exit.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Exit Impersonation' })).toHaveCount(0);

  // Single use: the same link does not sign in again.
  await page.goto(link);
  await expect(page).not.toHaveURL(/\/$/);
});
